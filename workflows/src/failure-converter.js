// Failures carry their message and stack trace in the encoded attributes, so the payload
// codec encrypts them too (ADR 009): a run's error message may quote customer data, and
// Temporal's default keeps both in plain text. Loaded by path, as Temporal requires, by the
// worker (activity failures) and by the workflow bundle (workflow failures); readers need
// nothing special, since every failure converter decodes encoded attributes.
// JavaScript, not TypeScript: the worker require()s it by path at run time, and a .ts file would
// load Node's type stripper into the worker for its whole life (ADR 048).
import { DefaultFailureConverter } from '@temporalio/common';

export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
