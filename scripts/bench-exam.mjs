// The bench's "exam" scenario (issue 16): N students start the same timed exam at once, each saves an answer every
// few seconds for a while, then they all submit. A save is "lost" when it was not acknowledged (non-2xx or a network
// error) or when the attempt read back before submitting does not hold the last acknowledged answer of a question.
// The answer for a run of N: save p99 and lost saves; the report names the largest N with p99 ≤ 50 ms and none lost.
import { EXAM } from './bench-data.mjs';

const P99_BUDGET_MS = 50;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `tasks` (functions returning promises) with at most `limit` at a time. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/**
 * The exam: created through the API by the course's teacher (bank questions, one fixed part, 60 minutes, attempts
 * unlimited so every run starts a new attempt), then published.
 */
async function createExam(api, teacherToken) {
  const { courseId, sectionId } = EXAM;
  const questions = [];
  for (let k = 1; k <= EXAM.questions; k += 1) {
    const content =
      k % 2
        ? { type: 'true_false', body: {}, key: { answer: k % 4 === 1 } }
        : { type: 'short_answer', body: {}, key: { mode: 'auto', accepted: [`answer ${k}`] } };
    questions.push(
      await api('POST', `/api/courses/${courseId}/questions`, teacherToken, {
        title: `Exam question ${k}`,
        prompt: `<p>Bench exam question ${k}.</p>`,
        content,
      }),
    );
  }
  let exam = await api('POST', `/api/courses/${courseId}/sections/${sectionId}/assessments`, teacherToken, {
    kind: 'exam',
    title: `Bench exam ${new Date().toISOString()}`,
    timeLimitMinutes: 60,
    attemptsAllowed: null,
  });
  exam = await api('PUT', `/api/courses/${courseId}/assessments/${exam.id}/parts`, teacherToken, {
    version: exam.version,
    parts: [{ mode: 'fixed', questionIds: questions.map((q) => q.id) }],
  });
  exam = await api('POST', `/api/courses/${courseId}/assessments/${exam.id}/publish`, teacherToken, {
    version: exam.version,
    published: true,
  });
  return exam;
}

/** The k-th answer a student saves to a question: a value that differs from the previous one. */
function answerFor(question, k) {
  return question.content.type === 'true_false' ? { answer: k % 2 === 0 } : { text: `draft ${k}` };
}

/** One run of N students: start together, save every `interval` ms for `seconds`, read back, submit together. */
async function runOnce(base, exam, tokens, seconds, intervalMs) {
  const latencies = [];
  let failed = 0;
  /** The first problem seen, for the log. */
  let problem = null;
  const timed = async (method, url, token, body) => {
    const t = performance.now();
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { ok: res.ok, status: res.status, ms: performance.now() - t, json: res.ok ? JSON.parse(text) : text };
    } catch (error) {
      return { ok: false, status: 0, ms: performance.now() - t, json: String(error) };
    }
  };

  const startedAt = performance.now();
  const starts = await Promise.all(
    tokens.map((token) => timed('POST', `/api/courses/${exam.courseId}/assessments/${exam.id}/attempts`, token, {})),
  );
  const startMs = performance.now() - startedAt;
  const startFailures = starts.filter((s) => !s.ok);
  if (startFailures.length)
    throw new Error(`${startFailures.length} starts failed, e.g. ${startFailures[0].status} ${startFailures[0].json}`);

  const attempts = starts.map((s) => s.json);
  /** attempt index → question id → the last acknowledged answer. */
  const acked = attempts.map(() => new Map());
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    attempts.map(async (attempt, i) => {
      // Spread the students over the interval, as real ones are.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * intervalMs));
      let k = 0;
      while (performance.now() < until) {
        const q = attempt.questions[k % attempt.questions.length].question;
        const response = answerFor(q, k);
        const res = await timed('PUT', `/api/attempts/${attempt.id}/answers/${q.id}`, tokens[i], { response });
        latencies.push(res.ms);
        if (res.ok) acked[i].set(q.id, response);
        else {
          failed += 1;
          problem ??= `save answered ${res.status}: ${String(res.json).slice(0, 200)}`;
        }
        k += 1;
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    }),
  );

  // Read every attempt back: the saved answer of each question must be the last one acknowledged.
  let mismatched = 0;
  const readBack = await pool(
    attempts.map((attempt, i) => () => timed('GET', `/api/attempts/${attempt.id}`, tokens[i])),
    50,
  );
  readBack.forEach((res, i) => {
    if (!res.ok) {
      mismatched += acked[i].size;
      return;
    }
    for (const q of res.json.questions) {
      const expected = acked[i].get(q.question.id);
      if (expected !== undefined && JSON.stringify(q.response) !== JSON.stringify(expected)) {
        mismatched += 1;
        problem ??= `read back ${JSON.stringify(q.response)} where ${JSON.stringify(expected)} was acknowledged`;
      }
    }
  });

  const submitStarted = performance.now();
  const submits = await Promise.all(
    attempts.map((attempt, i) => timed('POST', `/api/attempts/${attempt.id}/submit`, tokens[i])),
  );
  const submitMs = performance.now() - submitStarted;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    students: tokens.length,
    saves: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    lost: failed + mismatched,
    startMs,
    submitMs,
    submitFailures: submits.filter((s) => !s.ok).length,
    problem,
  };
}

/**
 * `counts`: the N to try, ascending (each is run; a loaded machine can make a smaller N miss and a larger one pass). `login(email)` answers a token.
 * Returns the rows and the largest N within budget.
 */
export async function runExamScenario({ base, login, counts, seconds, intervalMs, log }) {
  const api = async (method, url, token, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const exam = await createExam(api, await login(EXAM.teacherEmail));
  const most = Math.max(...counts);
  log(`exam: logging in ${most} students…`);
  const tokens = await pool(
    Array.from({ length: most }, (_, g) => () => login(`examinee${g + 1}@bench.test`)),
    4,
  );
  const rows = [];
  let best = 0;
  for (const n of counts) {
    const row = await runOnce(base, exam, tokens.slice(0, n), seconds, intervalMs);
    rows.push(row);
    const within = row.p99 <= P99_BUDGET_MS && row.lost === 0 && row.submitFailures === 0;
    log(
      `exam, ${n} students: ${row.saves} saves, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, lost ${row.lost}, ` +
        `start all ${row.startMs.toFixed(0)} ms, submit all ${row.submitMs.toFixed(0)} ms (${row.submitFailures} failed)`,
    );
    if (row.problem) log(`exam, ${n} students: first problem: ${row.problem}`);
    if (within && n > best) best = n;
  }
  return { rows, best, budget: P99_BUDGET_MS };
}

export function printExamTable({ rows, best, budget }, facts) {
  console.log('');
  console.log(
    '| exam: students | saves | save p50 ms | save p99 ms | lost saves | start all ms | submit all ms | within |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|:---|');
  for (const r of rows) {
    const within = r.p99 <= budget && r.lost === 0 && r.submitFailures === 0 ? 'yes' : 'no';
    console.log(
      `| ${r.students} | ${r.saves} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.lost} | ${r.startMs.toFixed(0)} | ${r.submitMs.toFixed(0)} | ${within} |`,
    );
  }
  console.log('');
  console.log(`exam: largest N with save p99 ≤ ${budget} ms and zero lost saves: ${best || 'none of those tried'}`);
  for (const fact of facts) console.log(fact);
}
