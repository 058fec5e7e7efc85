import type {
  TApiDescription,
  TGenerationPlan,
  TOperation,
  TPagination,
  TPlanOperation,
} from '@patchbay/schema';

// A model's plan copies facts the descriptions already hold: an operation's method and path,
// where its records are, how it pages, whether its body is a form, a batch's limits. A model can
// copy them wrong, and the code would then read one page or none. So they are taken from the
// description again before the plan is compiled (ADR 035): the model chooses operations, the
// description says how they work. Credentials are never the plan's to send: ctx adds them, so a
// header or query parameter that would carry one is dropped.

function operationById(description: TApiDescription, id: string): TOperation | undefined {
  for (const resource of description.resources) {
    const found = resource.operations.find((op) => op.id === id);
    if (found) return found;
  }
  return undefined;
}

function ref(operation: TOperation): TPlanOperation {
  return { operationId: operation.id, method: operation.method, path: operation.path };
}

/**
 * The operation's pagination. ctx cannot read a Link header, so for those lists the plan's own
 * way round it (page numbers, `since_id`) is kept, as the rule planner writes it too.
 */
function pagination(operation: TOperation, planned: TPagination): TPagination {
  const described = operation.pagination ?? { style: 'none' };
  return described.style === 'link-header' ? planned : described;
}

function pageLimit(p: TPagination): number | undefined {
  if ('maxLimit' in p) return p.maxLimit;
  if ('maxSize' in p) return p.maxSize;
  return undefined;
}

/** Header and query names that carry a credential for this API; compared in lower case. */
function credentialNames(description: TApiDescription): {
  header: Set<string>;
  query: Set<string>;
} {
  const header = new Set(['authorization', 'proxy-authorization', 'cookie']);
  const query = new Set<string>();
  for (const scheme of description.auth.schemes) {
    if (scheme.type !== 'api-key') continue;
    (scheme.in === 'header' ? header : query).add(scheme.name.toLowerCase());
  }
  return { header, query };
}

function without<T>(map: Record<string, T>, names: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).filter(([key]) => !names.has(key.toLowerCase())));
}

/** The plan with every fact its descriptions own taken from them; the plan itself is not changed. */
export function groundModelPlan(
  plan: TGenerationPlan,
  descriptions: { source: TApiDescription; destination: TApiDescription },
): TGenerationPlan {
  const grounded = structuredClone(plan);
  const { source, destination } = descriptions;
  const sourceSecrets = credentialNames(source);
  const destinationSecrets = credentialNames(destination);

  const read = grounded.source;
  const readOp = read && operationById(source, read.operation.operationId);
  if (read && readOp) {
    read.operation = ref(readOp);
    if (readOp.itemsPath !== undefined) read.itemsPath = readOp.itemsPath;
    read.pagination = pagination(readOp, read.pagination);
    const limit = pageLimit(read.pagination);
    if (read.pageSize !== undefined && limit !== undefined && read.pageSize > limit) {
      read.pageSize = limit;
    }
    read.form = false;
    if (readOp.graphql && read.graphql) read.graphql.document = readOp.graphql.document;
    read.headers = without(read.headers, sourceSecrets.header);
    read.query = without(read.query, sourceSecrets.query);
  }

  const write = grounded.destination;
  const writeOp = write && operationById(destination, write.operation.operationId);
  if (write && writeOp) {
    write.operation = ref(writeOp);
    write.form = writeOp.body?.contentType === 'form';
    if (writeOp.batch && write.kind === 'batch') write.batch = { ...writeOp.batch };
    write.headers = without(write.headers, destinationSecrets.header);
    write.query = without(write.query, destinationSecrets.query);
  }

  const dedupe = grounded.dedupe;
  const dedupeOp = dedupe && operationById(destination, dedupe.operation.operationId);
  if (dedupe && dedupeOp) {
    dedupe.operation = ref(dedupeOp);
    if (dedupeOp.itemsPath !== undefined) dedupe.itemsPath = dedupeOp.itemsPath;
    dedupe.pagination = pagination(dedupeOp, dedupe.pagination);
    dedupe.headers = without(dedupe.headers, destinationSecrets.header);
    dedupe.query = without(dedupe.query, destinationSecrets.query);
  }

  for (const lookup of grounded.lookups) {
    const lookupOp = operationById(
      lookup.side === 'source' ? source : destination,
      lookup.operation.operationId,
    );
    if (!lookupOp) continue;
    lookup.operation = ref(lookupOp);
    if (lookupOp.itemsPath !== undefined) lookup.itemsPath = lookupOp.itemsPath;
  }
  return grounded;
}
