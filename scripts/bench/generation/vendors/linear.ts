// Linear's GraphQL API (POST https://api.linear.app/graphql). A personal API key goes in the
// Authorization header AS IT IS ("lin_api_…", no "Bearer"); OAuth tokens use "Bearer". From
// linear.app/developers and the public schema (see `references`):
// - Queries used here: issues(filter, first, after, orderBy, includeArchived), issue(id),
//   teams(filter, first, after), team(id), workflowStates(filter), users, issueLabels, viewer;
//   team.issues / team.states / team.labels; mutations issueCreate(input) and
//   issueUpdate(id, input) answering {success, issue, lastSyncId}.
// - Relay connections: {nodes, edges{node cursor}, pageInfo{hasNextPage endCursor …}}; `first`
//   defaults to 50. Archived issues are left out unless includeArchived: true.
// - Filters: IssueFilter with comparators (eq, neq, in, nin, lt, lte, gt, gte, null,
//   contains, containsIgnoreCase, startsWith, endsWith, …) and relations: state {type, name},
//   team {id, key, name}, assignee, labels {some/every/name}, and/or.
// - priority: 0 No priority, 1 Urgent, 2 High, 3 Medium (shown "Medium"), 4 Low; priorityLabel
//   gives the name. Workflow state types: triage, backlog, unstarted, started, completed, canceled.
// - IssueCreateInput needs teamId and title; priority must be 0–4; description is markdown.
//   Unknown input fields or query fields are GraphQL validation errors (HTTP 400,
//   extensions.code GRAPHQL_VALIDATION_FAILED); a missing entity or bad value is an
//   INVALID_INPUT error in `errors` with data null.
// Page size: `first` is honoured up to 250; without it 5 nodes a page (standing in for the default
// of 50), so that pageInfo.hasNextPage matters.
// Collection `issues`: flat records {id, identifier, number, title, description, priority,
// priorityLabel, teamId, teamKey, stateId, stateName, stateType, assigneeId, labelIds,
// labelNames, createdAt, updatedAt, completedAt, canceledAt, archivedAt, url}.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';
import { issueMatches, matchObject } from './linear/filters.ts';
import {
  connection,
  GraphQLError,
  parseGql,
  resolveValue,
  type GFrag,
  type GOp,
  type GSel,
  type Rec,
} from './linear/graphql.ts';

const PRIORITY_LABEL = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];

// The GraphQL parser and Relay connections are in linear/graphql.ts, the filters in
// linear/filters.ts.

// --- the mock ----------------------------------------------------------------------------

interface LinearSeed {
  organization?: string;
  teams: {
    id: string;
    key: string;
    name: string;
    states: { id: string; name: string; type: string; color?: string }[];
  }[];
  users?: { id: string; name: string; displayName?: string; email: string }[];
  labels?: { id: string; name: string; color?: string; teamId?: string }[];
  issues?: Rec[];
}

export const mock: VendorMock = {
  vendor: 'linear',
  references: [
    'https://linear.app/developers/graphql',
    'https://linear.app/developers/pagination',
    'https://linear.app/developers/filtering',
    'https://linear.app/developers/rate-limiting',
    'https://github.com/linear/linear/blob/master/packages/sdk/src/schema.graphql',
    'https://linear.app/docs/priority',
    'https://linear.app/docs/configuring-workflows',
  ],
  unauthorized: () =>
    json(400, {
      errors: [
        {
          message: 'Authentication required, not authenticated',
          extensions: {
            type: 'authentication error',
            code: 'AUTHENTICATION_ERROR',
            statusCode: 401,
            userPresentableMessage: 'You need to authenticate to access this operation.',
          },
        },
      ],
    }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { teams: [] }) as LinearSeed;
    const org = seed.organization ?? 'acme';
    const teams = seed.teams.map((t) => ({
      ...t,
      states: t.states.map((s, i) => ({ color: '#bec2c8', position: i, ...s, teamId: t.id })),
    }));
    const users = (seed.users ?? []).map((u) => ({
      displayName: u.name.split(' ')[0]!.toLowerCase(),
      active: true,
      ...u,
    }));
    const labels = (seed.labels ?? []).map((l) => ({ color: '#5e6ad2', ...l }));
    const issues: Rec[] = [];
    let uuid = 0;
    const newId = () =>
      `9f0c${String(++uuid).padStart(4, '0')}-5a1e-4c6b-9d2f-${String(Date.now() % 1e12).padStart(12, '0')}`;
    const stamp = () => ctx.now().toISOString();

    const normalise = (raw: Rec): Rec => {
      if (raw.teamId && raw.stateId && raw.identifier) return raw;
      const team =
        teams.find((t) => t.key === raw.team || t.id === raw.team || t.id === raw.teamId) ??
        teams[0]!;
      const state =
        team.states.find(
          (s) => s.name === raw.state || s.id === raw.state || s.id === raw.stateId,
        ) ?? team.states[0]!;
      const number =
        raw.number ??
        1 + Math.max(0, ...issues.filter((i) => i.teamId === team.id).map((i) => i.number));
      const identifier = `${team.key}-${number}`;
      const labelIds = (raw.labels ?? raw.labelIds ?? [])
        .map((l: string) => labels.find((x) => x.name === l || x.id === l)?.id)
        .filter(Boolean);
      const priority = raw.priority ?? 0;
      const created = raw.createdAt ?? stamp();
      return {
        id: raw.id ?? newId(),
        identifier,
        number,
        title: raw.title,
        description: raw.description ?? null,
        priority,
        priorityLabel: PRIORITY_LABEL[priority],
        estimate: raw.estimate ?? null,
        teamId: team.id,
        teamKey: team.key,
        stateId: state.id,
        stateName: state.name,
        stateType: state.type,
        assigneeId:
          raw.assigneeId ??
          users.find((u) => u.name === raw.assignee || u.email === raw.assignee)?.id ??
          null,
        labelIds,
        labelNames: labelIds.map((id: string) => labels.find((l) => l.id === id)?.name),
        dueDate: raw.dueDate ?? null,
        createdAt: created,
        updatedAt: raw.updatedAt ?? created,
        startedAt: raw.startedAt ?? null,
        completedAt:
          raw.completedAt ?? (state.type === 'completed' ? (raw.updatedAt ?? created) : null),
        canceledAt:
          raw.canceledAt ?? (state.type === 'canceled' ? (raw.updatedAt ?? created) : null),
        archivedAt: raw.archivedAt ?? null,
        url: `https://linear.app/${org}/issue/${identifier.toLowerCase()}/${String(raw.title ?? '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60)}`,
      };
    };
    for (const raw of seed.issues ?? []) issues.push(normalise(raw));

    // Typed views over the records.
    const teamView = (t: (typeof teams)[number] | undefined) =>
      t ? { __typename: 'Team', ...t } : null;
    const stateView = (s: Rec | undefined) => (s ? { __typename: 'WorkflowState', ...s } : null);
    const userView = (u: Rec | undefined) => (u ? { __typename: 'User', ...u } : null);
    const labelView = (l: Rec | undefined) => (l ? { __typename: 'IssueLabel', ...l } : null);
    const issueView = (i: Rec) => ({ __typename: 'Issue', ...i, _rec: i });

    const relation = (i: Rec, key: string): Rec | null => {
      const team = teams.find((t) => t.id === i.teamId);
      switch (key) {
        case 'state':
          return team?.states.find((s) => s.id === i.stateId) ?? null;
        case 'team':
          return team ?? null;
        case 'assignee':
          return users.find((u) => u.id === i.assigneeId) ?? null;
        default:
          return null;
      }
    };

    const issueList = (args: Rec, scope?: (i: Rec) => boolean) => {
      let list = issues.filter(
        (i) =>
          (args.includeArchived ? true : !i.archivedAt) &&
          (!scope || scope(i)) &&
          issueMatches(i, args.filter, { relation, labels }),
      );
      const by = args.orderBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
      list = [...list].sort((a, b) => Date.parse(b[by]) - Date.parse(a[by]));
      return connection(list, args, issueView);
    };

    const FIELDS: Record<string, Record<string, (parent: Rec, args: Rec) => any>> = {
      Query: {
        issues: (_p, a) => issueList(a),
        issue: (_p, a) => {
          const i = issues.find((x) => x.id === a.id || x.identifier === a.id);
          if (!i)
            throw new GraphQLError(
              'Entity not found: Issue - Could not find referenced Issue.',
              'INVALID_INPUT',
              200,
            );
          return issueView(i);
        },
        teams: (_p, a) =>
          connection(
            teams.filter(
              (t) => !a.filter || matchObject(t, a.filter, 'TeamFilter', ['id', 'key', 'name']),
            ),
            a,
            teamView as any,
          ),
        team: (_p, a) => {
          const t = teams.find((x) => x.id === a.id || x.key === a.id);
          if (!t)
            throw new GraphQLError(
              'Entity not found: Team - Could not find referenced Team.',
              'INVALID_INPUT',
              200,
            );
          return teamView(t);
        },
        workflowStates: (_p, a) => {
          const all = teams.flatMap((t) => t.states);
          return connection(
            all.filter((s) => {
              if (!a.filter) return true;
              const { team, ...rest } = a.filter;
              if (
                team &&
                !matchObject(teams.find((t) => t.id === s.teamId) ?? null, team, 'TeamFilter', [
                  'id',
                  'key',
                  'name',
                ])
              )
                return false;
              return matchObject(s, rest, 'WorkflowStateFilter', [
                'id',
                'name',
                'type',
                'position',
              ]);
            }),
            a,
            stateView as any,
          );
        },
        users: (_p, a) =>
          connection(
            users.filter(
              (u) =>
                !a.filter ||
                matchObject(u, a.filter, 'UserFilter', ['id', 'name', 'displayName', 'email']),
            ),
            a,
            userView as any,
          ),
        issueLabels: (_p, a) =>
          connection(
            labels.filter(
              (l) => !a.filter || matchObject(l, a.filter, 'IssueLabelFilter', ['id', 'name']),
            ),
            a,
            labelView as any,
          ),
        viewer: () =>
          userView(
            users[0] ?? {
              id: 'u-bot',
              name: 'API',
              email: 'api@example.com',
              displayName: 'api',
              active: true,
            },
          ),
      },
      Team: {
        issues: (p, a) => issueList(a, (i) => i.teamId === p.id),
        states: (p, a) =>
          connection(
            p.states.filter(
              (s: Rec) =>
                !a.filter ||
                matchObject(s, a.filter, 'WorkflowStateFilter', ['id', 'name', 'type', 'position']),
            ),
            a,
            stateView as any,
          ),
        labels: (p, a) =>
          connection(
            labels.filter(
              (l) =>
                (!l.teamId || l.teamId === p.id) &&
                (!a.filter || matchObject(l, a.filter, 'IssueLabelFilter', ['id', 'name'])),
            ),
            a,
            labelView as any,
          ),
        members: (_p, a) => connection(users, a, userView as any),
      },
      Issue: {
        state: (p) => stateView(relation(p._rec, 'state') ?? undefined),
        team: (p) => teamView(teams.find((t) => t.id === p.teamId)),
        assignee: (p) => userView(users.find((u) => u.id === p.assigneeId)),
        creator: () => userView(users[0]),
        labels: (p, a) =>
          connection(
            (p.labelIds as string[])
              .map((id) => labels.find((l) => l.id === id))
              .filter(Boolean) as Rec[],
            a,
            labelView as any,
          ),
        project: () => null,
        cycle: () => null,
        parent: () => null,
        trashed: () => false,
        branchName: (p) =>
          `${p.identifier.toLowerCase()}-${String(p.title)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .slice(0, 40)}`,
      },
      WorkflowState: { team: (p) => teamView(teams.find((t) => t.id === p.teamId)) },
    };
    const SCALARS: Record<string, string[]> = {
      Issue: [
        'id',
        'identifier',
        'number',
        'title',
        'description',
        'priority',
        'priorityLabel',
        'estimate',
        'url',
        'createdAt',
        'updatedAt',
        'completedAt',
        'canceledAt',
        'startedAt',
        'archivedAt',
        'dueDate',
        'labelIds',
      ],
      Team: ['id', 'key', 'name', 'description'],
      WorkflowState: ['id', 'name', 'type', 'color', 'position'],
      User: ['id', 'name', 'displayName', 'email', 'active'],
      IssueLabel: ['id', 'name', 'color'],
      Connection: ['nodes', 'edges', 'pageInfo'],
      Edge: ['node', 'cursor'],
      PageInfo: ['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'],
      IssuePayload: ['success', 'issue', 'lastSyncId'],
      Query: [],
      Mutation: [],
    };

    let syncId = 1000;
    const INPUT_FIELDS = [
      'teamId',
      'title',
      'description',
      'priority',
      'assigneeId',
      'stateId',
      'labelIds',
      'estimate',
      'dueDate',
      'projectId',
      'parentId',
      'cycleId',
      'subscriberIds',
      'sortOrder',
      'createAsUser',
      'displayIconUrl',
      'id',
      'templateId',
      'descriptionData',
    ];
    const checkInput = (input: Rec, typeName: string) => {
      if (!input || typeof input !== 'object')
        throw new GraphQLError(
          `Variable "$input" of required type "${typeName}!" was not provided.`,
        );
      for (const k of Object.keys(input))
        if (!INPUT_FIELDS.includes(k))
          throw new GraphQLError(`Field "${k}" is not defined by type "${typeName}".`);
      if (input.priority !== undefined && input.priority !== null) {
        if (!Number.isInteger(input.priority))
          throw new GraphQLError(
            `Int cannot represent non-integer value: ${JSON.stringify(input.priority)}`,
          );
        if (input.priority < 0 || input.priority > 4)
          throw new GraphQLError(
            'Argument Validation Error - priority must not be greater than 4 and not less than 0',
            'INVALID_INPUT',
            200,
          );
      }
      if (input.title !== undefined && typeof input.title !== 'string')
        throw new GraphQLError(
          `String cannot represent a non string value: ${JSON.stringify(input.title)}`,
        );
      if (
        input.description !== undefined &&
        input.description !== null &&
        typeof input.description !== 'string'
      )
        throw new GraphQLError(
          `String cannot represent a non string value: ${JSON.stringify(input.description)}`,
        );
    };
    const applyInput = (issue: Rec, input: Rec) => {
      const team = teams.find((t) => t.id === issue.teamId)!;
      if (input.stateId !== undefined) {
        const st = team.states.find((s) => s.id === input.stateId);
        if (!st)
          throw new GraphQLError(
            'Entity not found: WorkflowState - Could not find referenced WorkflowState.',
            'INVALID_INPUT',
            200,
          );
        issue.stateId = st.id;
        issue.stateName = st.name;
        issue.stateType = st.type;
      }
      if (input.assigneeId !== undefined) {
        if (input.assigneeId !== null && !users.some((u) => u.id === input.assigneeId))
          throw new GraphQLError(
            'Entity not found: User - Could not find referenced User.',
            'INVALID_INPUT',
            200,
          );
        issue.assigneeId = input.assigneeId;
      }
      if (input.labelIds !== undefined) {
        for (const id of input.labelIds)
          if (!labels.some((l) => l.id === id))
            throw new GraphQLError(
              'Entity not found: IssueLabel - Could not find referenced IssueLabel.',
              'INVALID_INPUT',
              200,
            );
        issue.labelIds = [...input.labelIds];
        issue.labelNames = issue.labelIds.map(
          (id: string) => labels.find((l) => l.id === id)?.name,
        );
      }
      for (const k of ['title', 'description', 'estimate', 'dueDate'])
        if (input[k] !== undefined) issue[k] = input[k];
      if (input.priority !== undefined && input.priority !== null) {
        issue.priority = input.priority;
        issue.priorityLabel = PRIORITY_LABEL[input.priority];
      }
    };
    FIELDS.Mutation = {
      issueCreate: (_p, a) => {
        const input = a.input;
        checkInput(input, 'IssueCreateInput');
        if (!input.teamId)
          throw new GraphQLError(
            'Field "IssueCreateInput.teamId" of required type "String!" was not provided.',
          );
        const team = teams.find((t) => t.id === input.teamId);
        if (!team)
          throw new GraphQLError(
            'Entity not found: Team - Could not find referenced Team.',
            'INVALID_INPUT',
            200,
          );
        if (typeof input.title !== 'string' || input.title.trim() === '')
          throw new GraphQLError(
            'Argument Validation Error - title should not be empty',
            'INVALID_INPUT',
            200,
          );
        const now = stamp();
        const defaultState =
          team.states.find((s) => s.type === 'unstarted') ??
          team.states.find((s) => s.type === 'backlog') ??
          team.states[0]!;
        const issue = normalise({
          team: team.id,
          title: input.title,
          state: defaultState.id,
          createdAt: now,
          updatedAt: now,
          priority: 0,
        });
        applyInput(issue, input);
        issues.push(issue);
        return {
          __typename: 'IssuePayload',
          success: true,
          lastSyncId: ++syncId,
          issue: issueView(issue),
        };
      },
      issueUpdate: (_p, a) => {
        const issue = issues.find((x) => x.id === a.id || x.identifier === a.id);
        if (!issue)
          throw new GraphQLError(
            'Entity not found: Issue - Could not find referenced Issue.',
            'INVALID_INPUT',
            200,
          );
        checkInput(a.input, 'IssueUpdateInput');
        applyInput(issue, a.input);
        issue.updatedAt = stamp();
        return {
          __typename: 'IssuePayload',
          success: true,
          lastSyncId: ++syncId,
          issue: issueView(issue),
        };
      },
    };

    const execute = (
      sels: GSel[],
      obj: Rec,
      typeName: string,
      vars: Rec,
      frags: Record<string, GFrag>,
    ): Rec => {
      const out: Rec = {};
      const walk = (list: GSel[]) => {
        for (const s of list) {
          if (s.kind === 'spread') {
            const f = frags[s.name];
            if (!f) throw new GraphQLError(`Unknown fragment "${s.name}".`);
            if (f.on === typeName || f.on.endsWith('Connection') || typeName === 'Connection')
              walk(f.selections);
            continue;
          }
          if (s.kind === 'inline') {
            if (!s.on || s.on === typeName) walk(s.selections);
            continue;
          }
          const key = s.alias ?? s.name;
          if (s.name === '__typename') {
            out[key] = typeName === 'Connection' ? 'IssueConnection' : typeName;
            continue;
          }
          const args = Object.fromEntries(
            Object.entries(s.args).map(([k, v]) => [k, resolveValue(v, vars)]),
          );
          const resolver = FIELDS[typeName]?.[s.name];
          let value: any;
          if (resolver) value = resolver(obj, args);
          else if ((SCALARS[typeName] ?? []).includes(s.name)) value = obj[s.name];
          else throw new GraphQLError(`Cannot query field "${s.name}" on type "${typeName}".`);
          if (value === undefined) value = null;
          if (s.selections) {
            if (Array.isArray(value))
              out[key] = value.map((v) =>
                v === null
                  ? null
                  : execute(s.selections!, v, v.__typename ?? 'Object', vars, frags),
              );
            else if (value === null) out[key] = null;
            else if (typeof value === 'object')
              out[key] = execute(s.selections, value, value.__typename ?? 'Object', vars, frags);
            else
              throw new GraphQLError(
                `Field "${s.name}" must not have a selection since type "${typeof value === 'string' ? 'String' : 'Scalar'}" has no subfields.`,
              );
          } else {
            if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
              throw new GraphQLError(
                `Field "${s.name}" of type "${value.__typename ?? 'Object'}" must have a selection of subfields. Did you mean "${s.name} { ... }"?`,
              );
            }
            if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
              throw new GraphQLError(`Field "${s.name}" must have a selection of subfields.`);
            }
            out[key] = value;
          }
        }
      };
      walk(sels);
      return out;
    };

    return {
      collections: () => ({ issues }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < issues.length; i++) issues[i] = normalise(issues[i]!);
        if (req.path !== '/graphql' && req.path !== '/graphql/')
          return json(404, { errors: [{ message: 'Not found' }] });
        let body: Rec | undefined;
        if (req.method === 'GET')
          body = {
            query: req.query.get('query'),
            variables: req.query.get('variables')
              ? JSON.parse(req.query.get('variables') as string)
              : {},
          };
        else if (req.method === 'POST') body = req.body as Rec | undefined;
        else return json(405, { errors: [{ message: 'Method not allowed' }] });
        if (!body || typeof body !== 'object' || typeof body.query !== 'string') {
          return json(400, {
            errors: [
              { message: 'Must provide query string.', extensions: { code: 'BAD_USER_INPUT' } },
            ],
          });
        }
        const vars: Rec =
          body.variables && typeof body.variables === 'object' ? body.variables : {};
        try {
          const doc = parseGql(body.query);
          let op: GOp | undefined;
          if (body.operationName) op = doc.ops.find((o) => o.name === body.operationName);
          else if (doc.ops.length === 1) op = doc.ops[0];
          if (!op)
            throw new GraphQLError(
              doc.ops.length
                ? 'Must provide operation name if query contains multiple operations.'
                : 'Must provide an operation.',
            );
          const v: Rec = {};
          for (const d of op.vars) {
            if (vars[d.name] !== undefined) v[d.name] = vars[d.name];
            else if (d.def) v[d.name] = resolveValue(d.def, {});
            else if (d.type.endsWith('!'))
              throw new GraphQLError(
                `Variable "$${d.name}" of required type "${d.type}" was not provided.`,
              );
          }
          const data = execute(
            op.selections,
            {},
            op.type === 'mutation' ? 'Mutation' : 'Query',
            v,
            doc.frags,
          );
          return json(200, { data });
        } catch (e) {
          if (e instanceof GraphQLError) {
            const ext: Rec = {
              code: e.code,
              type: e.code === 'INVALID_INPUT' ? 'invalid input' : 'graphql error',
            };
            if (e.code === 'INVALID_INPUT')
              ext.userPresentableMessage = e.message.replace(/^.* - /, '');
            return json(e.status, {
              data: e.status === 200 ? null : undefined,
              errors: [{ message: e.message, extensions: ext }],
            });
          }
          throw e;
        }
      },
    };
  },
};
