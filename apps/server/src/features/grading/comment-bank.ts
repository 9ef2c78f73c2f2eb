import {
  type BankComment,
  type BankCommentPage,
  type CreateBankCommentBody,
  type ListBankCommentsInput,
  type UpdateBankCommentBody,
} from '@lyceum/contract';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { commentBank } from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import { boundedPage, cappedCount, cappedPageResult } from '#lib/pages.js';
import { COMMENT_NOT_FOUND, cleanCommentHtml, escapeLike, type CommentRow, toComment } from './feedback-rows.js';

/** Each teacher's comment bank: a page of it, and a comment added, changed or deleted. */
export function createCommentBank(db: Db) {
  return {
    async listComments(user: SessionUser, query: ListBankCommentsInput): Promise<BankCommentPage> {
      const conditions: (SQL | undefined)[] = [eq(commentBank.teacherId, user.id)];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        conditions.push(or(ilike(commentBank.title, pattern), ilike(commentBank.html, pattern)));
      }
      const where = and(...conditions);
      // ADR 019: the page's ids on comment_bank_teacher_idx with an OFFSET bounded by the cap, then those rows;
      // the count stops at the cap.
      const order = [desc(commentBank.updatedAt), desc(commentBank.id)];
      const { limit, offset } = boundedPage(query);
      const pageIds = db
        .select({ id: commentBank.id })
        .from(commentBank)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(commentBank)
          .where(inArray(commentBank.id, pageIds))
          .orderBy(...order),
        db.execute(
          sql`select ${cappedCount(
            db
              .select({ one: sql`1` })
              .from(commentBank)
              .where(where),
          )} as total`,
        ),
      ]);
      const total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
      return cappedPageResult(rows.map(toComment), query, Number(total));
    },

    async createComment(user: SessionUser, body: CreateBankCommentBody): Promise<BankComment> {
      const [row] = await db
        .insert(commentBank)
        .values({ teacherId: user.id, title: body.title, html: cleanCommentHtml(body.html, 'html', true) })
        .returning();
      return toComment(row!);
    },

    async updateComment(user: SessionUser, id: string, body: UpdateBankCommentBody): Promise<BankComment> {
      const changes: Partial<CommentRow> = { updatedAt: new Date() };
      if (body.title !== undefined) changes.title = body.title;
      if (body.html !== undefined) changes.html = cleanCommentHtml(body.html, 'html', true);
      const [row] = await db
        .update(commentBank)
        .set(changes)
        .where(and(eq(commentBank.id, id), eq(commentBank.teacherId, user.id)))
        .returning();
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return toComment(row);
    },

    async removeComment(user: SessionUser, id: string): Promise<void> {
      const deleted = await db
        .delete(commentBank)
        .where(and(eq(commentBank.id, id), eq(commentBank.teacherId, user.id)))
        .returning({ id: commentBank.id });
      if (deleted.length === 0) throw notFound(COMMENT_NOT_FOUND);
    },
  };
}
