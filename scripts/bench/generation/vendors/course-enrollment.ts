// The in-house Course Enrollment API, exactly as openapi/course-enrollment.yaml documents it:
// X-API-Key auth, `{"error": {code, message, details}}` errors, page/per_page lists with `meta`
// for courses and enrolments (published courses only by default), and cursor-paged completions
// (oldest first, `completed_after` exclusive, at most 5 a page).
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

function fail(
  status: number,
  code: string,
  message: string,
  details?: { field: string; issue: string }[],
): MockResponse {
  return json(status, { error: { code, message, ...(details ? { details } : {}) } });
}

const SOURCES = ['web', 'manual', 'import', 'integration'];

export const mock: VendorMock = {
  vendor: 'course-enrollment',
  references: ['openapi/course-enrollment.yaml'],
  unauthorized: () => fail(401, 'unauthorized', 'Missing or invalid X-API-Key'),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { courses?: Rec[]; enrolments?: Rec[]; completions?: Rec[] };
    const courses: Rec[] = structuredClone(data.courses ?? []);
    const enrolments: Rec[] = structuredClone(data.enrolments ?? []);
    const completions: Rec[] = structuredClone(data.completions ?? []);
    let nextEnrolment = enrolments.length + 1;

    function pageParams(q: URLSearchParams): { page: number; per: number } | MockResponse {
      const page = q.get('page') === null ? 1 : Number(q.get('page'));
      const per = q.get('per_page') === null ? 10 : Number(q.get('per_page'));
      const details: { field: string; issue: string }[] = [];
      if (!Number.isInteger(page) || page < 1)
        details.push({ field: 'page', issue: 'must be an integer >= 1' });
      if (!Number.isInteger(per) || per < 1 || per > 50)
        details.push({ field: 'per_page', issue: 'must be an integer from 1 to 50' });
      return details.length
        ? fail(400, 'validation_failed', 'Invalid query parameters', details)
        : { page, per };
    }
    function paged(list: Rec[], q: URLSearchParams): MockResponse {
      const pp = pageParams(q);
      if ('status' in pp) return pp;
      return json(200, {
        data: list.slice((pp.page - 1) * pp.per, pp.page * pp.per),
        meta: {
          page: pp.page,
          per_page: pp.per,
          total: list.length,
          total_pages: Math.max(1, Math.ceil(list.length / pp.per)),
        },
      });
    }
    const courseOut = (c: Rec): Rec => ({
      code: c.code,
      title: c.title,
      status: c.status ?? 'published',
      starts_on: c.starts_on ?? null,
      capacity: c.capacity ?? 30,
      seats_taken: enrolments.filter((e) => e.course_code === c.code && e.status === 'active')
        .length,
    });

    function createEnrolment(req: MockRequest): MockResponse {
      const body = req.body as Rec | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return fail(422, 'validation_failed', 'The body must be a JSON object');
      const details: { field: string; issue: string }[] = [];
      for (const k of Object.keys(body))
        if (!['course_code', 'learner', 'source', 'cohort'].includes(k))
          details.push({ field: k, issue: 'unknown field' });
      if (typeof body.course_code !== 'string' || body.course_code === '')
        details.push({ field: 'course_code', issue: 'is required' });
      const learner = body.learner as Rec | undefined;
      if (!learner || typeof learner !== 'object' || Array.isArray(learner))
        details.push({ field: 'learner', issue: 'is required' });
      else {
        for (const k of Object.keys(learner))
          if (!['email', 'first_name', 'last_name'].includes(k))
            details.push({ field: `learner.${k}`, issue: 'unknown field' });
        if (typeof learner.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(learner.email))
          details.push({ field: 'learner.email', issue: 'must be an email address' });
        for (const k of ['first_name', 'last_name'])
          if (learner[k] !== undefined && typeof learner[k] !== 'string')
            details.push({ field: `learner.${k}`, issue: 'must be a string' });
      }
      if (body.source !== undefined && !SOURCES.includes(String(body.source)))
        details.push({ field: 'source', issue: `must be one of ${SOURCES.join(', ')}` });
      if (body.cohort !== undefined && body.cohort !== null && typeof body.cohort !== 'string')
        details.push({ field: 'cohort', issue: 'must be a string or null' });
      if (details.length)
        return fail(422, 'validation_failed', 'The enrolment is invalid', details);
      const course = courses.find((c) => c.code === body.course_code);
      if (!course)
        return fail(422, 'validation_failed', 'The enrolment is invalid', [
          { field: 'course_code', issue: `no course ${String(body.course_code)}` },
        ]);
      if ((course.status ?? 'published') !== 'published')
        return fail(
          422,
          'course_not_open',
          `Course ${String(course.code)} is ${String(course.status)} and does not accept enrolments`,
        );
      const email = String(learner!.email);
      const existing = enrolments.find(
        (e) =>
          e.course_code === course.code &&
          e.status === 'active' &&
          String((e.learner as Rec).email).toLowerCase() === email.toLowerCase(),
      );
      if (existing)
        return fail(
          409,
          'already_enrolled',
          `${email} is already enrolled in ${String(course.code)} (${String(existing.id)})`,
        );
      const record: Rec = {
        id: `enr_${String(1000 + nextEnrolment++).padStart(6, '0')}`,
        course_code: course.code,
        learner: {
          email,
          ...(learner!.first_name !== undefined ? { first_name: learner!.first_name } : {}),
          ...(learner!.last_name !== undefined ? { last_name: learner!.last_name } : {}),
        },
        status: 'active',
        source: body.source ?? 'manual',
        cohort: body.cohort ?? null,
        enrolled_at: context.now().toISOString(),
      };
      enrolments.push(record);
      return json(201, record);
    }

    function listCompletions(q: URLSearchParams): MockResponse {
      const limit = q.get('limit') === null ? 5 : Number(q.get('limit'));
      if (!Number.isInteger(limit) || limit < 1 || limit > 5)
        return fail(400, 'validation_failed', 'Invalid query parameters', [
          { field: 'limit', issue: 'must be an integer from 1 to 5' },
        ]);
      const after = q.get('completed_after');
      let afterMs: number | undefined;
      if (after) {
        afterMs = Date.parse(after);
        if (Number.isNaN(afterMs))
          return fail(400, 'validation_failed', 'Invalid query parameters', [
            { field: 'completed_after', issue: 'must be an ISO 8601 date-time' },
          ]);
      }
      const course = q.get('course_code');
      const list = completions
        .filter(
          (c) =>
            (afterMs === undefined || Date.parse(String(c.completed_at)) > afterMs) &&
            (!course || c.course_code === course),
        )
        .sort((a, b) => Date.parse(String(a.completed_at)) - Date.parse(String(b.completed_at)));
      let start = 0;
      const cursor = q.get('cursor');
      if (cursor) {
        const m = /^c1\.(\d+)$/.exec(cursor);
        if (!m) return fail(400, 'invalid_cursor', 'The cursor is not valid for this query');
        start = Number(m[1]);
      }
      const slice = list.slice(start, start + limit).map((c) => ({
        id: c.id,
        enrolment_id: c.enrolment_id ?? null,
        course_code: c.course_code,
        course_title:
          c.course_title ?? courses.find((x) => x.code === c.course_code)?.title ?? null,
        learner_email: c.learner_email,
        learner_name: c.learner_name,
        completed_at: c.completed_at,
        score: c.score ?? null,
      }));
      return json(200, {
        data: slice,
        next_cursor: start + limit < list.length ? `c1.${start + limit}` : null,
      });
    }

    return {
      collections: () => ({ courses, enrolments, completions }),
      handle(req: MockRequest): MockResponse {
        if (!req.path.startsWith('/api/v1/'))
          return fail(404, 'not_found', `No route ${req.method} ${req.path}`);
        const path = req.path.slice('/api/v1'.length).replace(/\/+$/, '');
        const q = req.query;
        if (path === '/courses' && req.method === 'GET') {
          const status = q.get('status') ?? 'published';
          if (!['draft', 'published', 'archived', 'all'].includes(status))
            return fail(400, 'validation_failed', 'Invalid query parameters', [
              { field: 'status', issue: 'must be draft, published, archived or all' },
            ]);
          return paged(
            courses
              .filter((c) => status === 'all' || (c.status ?? 'published') === status)
              .map(courseOut),
            q,
          );
        }
        let m = /^\/courses\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const c = courses.find((x) => x.code === decodeURIComponent(m![1]!));
          return c ? json(200, courseOut(c)) : fail(404, 'not_found', `No course ${m[1]}`);
        }
        if (path === '/enrolments' && req.method === 'POST') return createEnrolment(req);
        if (path === '/enrolments' && req.method === 'GET') {
          const course = q.get('course_code');
          const email = q.get('email')?.toLowerCase();
          const status = q.get('status');
          return paged(
            enrolments.filter(
              (e) =>
                (!course || e.course_code === course) &&
                (!email || String((e.learner as Rec).email).toLowerCase() === email) &&
                (!status || e.status === status),
            ),
            q,
          );
        }
        m = /^\/enrolments\/([^/]+)$/.exec(path);
        if (m && req.method === 'GET') {
          const e = enrolments.find((x) => x.id === m![1]);
          return e ? json(200, e) : fail(404, 'not_found', `No enrolment ${m[1]}`);
        }
        if (path === '/completions' && req.method === 'GET') return listCompletions(q);
        return fail(404, 'not_found', `No route ${req.method} ${req.path}`);
      },
    };
  },
};
