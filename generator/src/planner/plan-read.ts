import type { WrittenCall } from './written-calls.ts';
import type {
  TApiDescription,
  TFieldSchema,
  TOperation,
  TPagination,
  TParameter,
  TResource,
} from '@patchbay/schema';
import { type GroundedPlan, type LookupPlan, MAX_PAGES, type ReadPlan } from './plan-types.ts';
import { capitalise } from './text.ts';
import {
  hintsFor,
  idFromPrompt,
  keyFromPrompt,
  documentedValue,
  paramValue,
  planLookups,
  useLookup,
  usualValue,
} from './prompt-ids.ts';
import { requiredHeaders, requiredParams } from './choose-operations.ts';

// How the source is read: the list (or search) operation whose parameters the prompt fills, its
// query, pagination and page size within a run's request budget, and GraphQL variables.

export function planRead(
  text: string,
  description: TApiDescription,
  resource: TResource,
  plan: GroundedPlan,
  block: (message: string) => void,
  written?: WrittenCall,
): ReadPlan {
  const lists = resource.operations.filter((op) => op.kind === 'list');
  const candidates = written
    ? [written.operation]
    : lists.length > 0
      ? lists
      : resource.operations.filter((op) => op.kind === 'search');
  // The list whose required path parameters the prompt fills, by id or by a name looked up at
  // run time, else the one needing fewest; of those, the one that uses most of what the prompt
  // named ("org acme, project web" reads the project's list, not the whole organization's; "the
  // list 'Partners'" reads that list's members, not every contact).
  const scored = candidates
    .map((op) => {
      const names = requiredParams(op, 'path');
      const missing = names.filter(
        (name) =>
          !paramValue(text, name, op.path, description) &&
          !documentedValue(text, name, op.path, description) &&
          !namedContainer(text, description, { kind: 'path', name }, op.path, plan),
      );
      return { op, missing: missing.length, filled: names.length - missing.length };
    })
    .sort((a, b) => a.missing - b.missing || b.filled - a.filled);
  const operation = (scored[0] as { op: TOperation }).op;
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(operation, 'path')) {
    const value =
      written?.params[name] ??
      paramValue(text, name, operation.path, description) ??
      usualValue(text, name, operation.path, description, plan);
    if (value) pathParams[name] = value;
    // Filled at run time, before the read, by the lookup.
    else if (
      useLookup(
        text,
        description,
        { kind: 'path', name },
        operation.path,
        plan,
        'source',
        plan.destinationDescription,
      )
    )
      pathParams[name] = '';
    else
      block(
        `the ${hintsFor(name, operation.path).join(' ') || name} to read ${resource.plural} from (${operation.path} needs {${name}}; name it in the prompt, e.g. "${hintsFor(name, operation.path)[0] ?? name} 12345")`,
      );
  }
  const query: Record<string, string | number | boolean> = {};
  for (const param of operation.params.filter((p) => p.in === 'query')) {
    const pagingParams = pagingParamNames(operation.pagination);
    if (pagingParams.includes(param.name) || param.name === operation.since?.param) continue;
    const language = queryLanguage(description, resource, operation, param.name, param.required);
    if (language) {
      // JQL reads every project unless told: "jira project OPS" narrows it to that project.
      const project =
        param.name === 'jql'
          ? (keyFromPrompt(text, ['project']) ?? idFromPrompt(text, ['project']))
          : undefined;
      query[param.name] = project ? `project = "${project}" ${language}` : language;
      if (project) plan.understood.push(`Only ${resource.plural} of project ${project} (JQL).`);
      continue;
    }
    const hinted = idFromPrompt(text, hintsFor(param.name));
    if (hinted && param.schema.type !== 'boolean' && hintsFor(param.name).length > 0) {
      query[param.name] = hinted;
      continue;
    }
    // "in the Support mailbox": a container the list narrows to, given by name.
    if (lookUpQueryParam(text, description, operation, param, plan, query)) continue;
    if (param.required) {
      if (param.schema.enum?.length) query[param.name] = param.schema.enum[0] as string;
      else
        block(
          `a value for the ${param.name} query parameter of ${operation.method} ${operation.path}`,
        );
    }
  }
  // What the prompt writes after the path ("?status=open") is sent as written.
  for (const [name, value] of written?.query ?? []) query[name] = value;
  // A search's required body parameters ride in the same object (`location_ids`).
  for (const [name, schema] of requiredBodyProperties(operation)) {
    if (name in query) continue;
    const param = { name, in: 'query' as const, required: true, schema };
    if (lookUpQueryParam(text, description, operation, param, plan, query, true)) continue;
    block(`a value for ${name} in the body of ${operation.method} ${operation.path}`);
  }
  let pagination: TPagination = operation.pagination ?? { style: 'none' as const };
  // ctx returns bodies, not the Link header: a list that also takes a page number (GitLab,
  // GitHub) is read page by page until an empty page instead.
  const pageParam = operation.params.find((p) => p.in === 'query' && p.name === 'page');
  if (pagination.style === 'link-header' && pageParam) {
    const limit = pagination.limitParam;
    pagination = {
      style: 'page',
      pageParam: pageParam.name,
      firstPage: 1,
      ...(limit ? { sizeParam: limit } : {}),
      ...(pagination.maxLimit ? { maxSize: pagination.maxLimit } : {}),
    };
    plan.assumptions.push(
      `${description.name} pages with a Link header, which ctx does not expose: pages are read by number (${pageParam.name}=1, 2, …) until an empty one.`,
    );
  }
  const max =
    'maxLimit' in pagination
      ? pagination.maxLimit
      : 'maxSize' in pagination
        ? pagination.maxSize
        : undefined;
  const pageSize = max ? Math.min(max, 100) : pagingLimitParam(pagination) ? 100 : undefined;
  let sinceIdParam: string | undefined;
  if (pagination.style === 'link-header') {
    sinceIdParam = operation.params.find((p) => p.name === 'since_id')?.name;
    if (sinceIdParam) {
      plan.assumptions.push(
        `${description.name} pages with a Link header, which ctx does not expose: pages are read with ${sinceIdParam} (the last id) instead.`,
      );
    } else {
      plan.unresolved.push(
        `${operation.path} pages with a Link header, which the code cannot read: only the first ${pageSize ?? ''} records are read`,
      );
    }
  }
  plan.understood.push(
    `Read: ${resource.plural} from ${description.name} with ${operation.method} ${operation.path} (${operation.id}), ` +
      `${pagination.style === 'none' ? 'one response' : `${pagination.style} pages, at most ${MAX_PAGES}`}.`,
  );
  const graphql = operation.graphql
    ? {
        document: operation.graphql.document,
        variables: graphqlVariables(operation.graphql.document, text, block, operation),
      }
    : undefined;
  return {
    resource,
    operation,
    pathParams,
    query,
    itemsPath: operation.itemsPath ?? '',
    pagination,
    pageSize,
    sinceIdParam,
    graphql,
    form: false,
    headers: requiredHeaders(operation, plan.unresolved, description, text),
  };
}

/**
 * A list whose required parameter is a query language (Salesforce SOQL, QuickBooks, Jira JQL):
 * a query that selects every record of the resource.
 */
export function queryLanguage(
  description: TApiDescription,
  resource: TResource,
  operation: TOperation,
  param: string,
  required: boolean,
): string | undefined {
  if (!required) return undefined;
  if (param === 'jql') return 'order by created ASC';
  if (!/^(q|query)$/.test(param) || operation.kind !== 'list') return undefined;
  // The record's own fields; a related record's (`Account.Name`) only when the plan uses it
  // (requestUsedFields).
  const fields = Object.entries(resource.schema.properties ?? {})
    .filter(([f, schema]) => f !== 'attributes' && f !== 'MetaData' && schema.type !== 'object')
    .map(([f]) => f);
  return description.id === 'quickbooks'
    ? `select * from ${capitalise(resource.name)}`
    : `SELECT ${fields.join(', ')} FROM ${capitalise(resource.name)}`;
}

function pagingParamNames(pagination: TPagination | undefined): string[] {
  if (!pagination) return [];
  const names: string[] = [];
  for (const key of [
    'cursorParam',
    'limitParam',
    'pageParam',
    'sizeParam',
    'offsetParam',
  ] as const) {
    const value = (pagination as Record<string, unknown>)[key];
    if (typeof value === 'string') names.push(value);
  }
  return names;
}

function pagingLimitParam(pagination: TPagination): string | undefined {
  const p = pagination as Record<string, unknown>;
  return typeof p.limitParam === 'string'
    ? p.limitParam
    : typeof p.sizeParam === 'string'
      ? p.sizeParam
      : undefined;
}

/** GraphQL variables the document declares, filled from the prompt where they are ids. */
function graphqlVariables(
  document: string,
  text: string,
  block: (message: string) => void,
  operation: TOperation,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const m of document.matchAll(/\$(\w+)\s*:\s*([\w[\]!]+)/g)) {
    const [, name = '', type = ''] = m;
    if (/^(cursor|after|limit|first|page)$/i.test(name)) continue;
    const value = idFromPrompt(text, hintsFor(name));
    if (value) variables[name] = /^\[/.test(type) ? [value] : value;
    else if (type.endsWith('!') && /id/i.test(name))
      block(
        `the ${hintsFor(name).join(' ') || name} for ${operation.id} (name it in the prompt, e.g. "${hintsFor(name)[0] ?? name} 12345")`,
      );
  }
  return variables;
}

/** Whether the prompt names, by name, the container a source parameter takes. */
function namedContainer(
  text: string,
  description: TApiDescription,
  target: LookupPlan['target'],
  path: string,
  plan: GroundedPlan,
): boolean {
  const chain = planLookups(text, description, 'source', target, path, {
    other: plan.destinationDescription,
  });
  return chain !== undefined && chain.every((lookup) => lookup.name !== undefined);
}

/**
 * A query (or search body) parameter that takes a container's id, filled by a lookup of the
 * container the prompt names ("the Support mailbox"); a required one takes the first container
 * when none is named, and says so. An array parameter (`location_ids`) gets the one id.
 */
function lookUpQueryParam(
  text: string,
  description: TApiDescription,
  operation: TOperation,
  param: Pick<TParameter, 'name' | 'required' | 'schema'>,
  plan: GroundedPlan,
  query: ReadPlan['query'],
  inBody = false,
): boolean {
  const target = {
    kind: 'query' as const,
    name: param.name,
    ...(param.schema.type === 'array' ? { list: true } : {}),
  };
  const named = namedContainer(text, description, target, operation.path, plan);
  if (!named && !param.required) return false;
  const other = plan.destinationDescription;
  if (!useLookup(text, description, target, operation.path, plan, 'source', other)) return false;
  // Filled at run time, before the read, by the lookup.
  query[param.name] = '';
  if (inBody) plan.understood.push(`${param.name} is sent in the body of ${operation.path}.`);
  return true;
}

/** The required top-level properties of a search's JSON body, with their schemas. */
function requiredBodyProperties(operation: TOperation): Array<[string, TFieldSchema]> {
  const schema = operation.body?.schema;
  if (operation.kind !== 'search' || !schema?.properties) return [];
  return (schema.required ?? []).flatMap((name) => {
    const property = schema.properties?.[name];
    return property ? [[name, property] as [string, TFieldSchema]] : [];
  });
}
