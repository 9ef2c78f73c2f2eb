import type { Role } from '@lyceum/contract';

/**
 * Who may call a route, declared next to the route as `config: { access }`. The guards enforce it; the
 * security suite (`npm run test:security`) reads every route's declaration from the route table and checks
 * each kind of caller against it, so a route without one fails the suite.
 */
export interface RouteAccess {
  /** 'public': no token needed (a valid one may change the answer); 'user': any signed-in active user; else these roles. */
  who: 'public' | 'user' | readonly Role[];
  /**
   * The object-level rule the service applies on top of `who`, for routes that name a record:
   * 'self' the caller's own account; 'owner' the record's author; 'course-teacher' the teacher of the record's
   * course (admins pass when listed in `who`); 'enrolled' a student enrolled in the course; 'class-teacher' /
   * 'class-member' a teacher / student of the class; 'guardian-of' a guardian linked to the student the route names
   * (issue 52, ADR 060).
   */
  scope?: 'self' | 'owner' | 'course-teacher' | 'enrolled' | 'class-teacher' | 'class-member' | 'guardian-of';
  /**
   * Admins pass the object-level rule too: with scope 'owner' for moderation (e.g. deleting any forum post), with
   * 'class-teacher' where the school acts on any student (guardian invitations and links).
   */
  adminOverride?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
