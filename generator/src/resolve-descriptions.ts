import { resolveDescription as resolveChoice } from '@patchbay/catalog';
import type { TApiDescription, TDescriptionChoice, TGenerateRequest } from '@patchbay/schema';

// Which description each side of a generation uses (ADR 015): the
// integration's choice when it made one (a catalog entry, its imported document, or none),
// else the catalog entry the API Name and Base URL match — the catalog's resolveDescription,
// which the API's integration JSON uses too.

export interface DescriptionChoices {
  sourceDescription?: TDescriptionChoice | undefined;
  destDescription?: TDescriptionChoice | undefined;
}

export function resolveDescription(
  choice: TDescriptionChoice | undefined,
  apiName: string,
  apiUrl: string,
): TApiDescription | undefined {
  return resolveChoice(choice, apiName, apiUrl).description ?? undefined;
}

export function resolveDescriptions(
  input: TGenerateRequest,
  choices: DescriptionChoices = {},
): { source: TApiDescription | undefined; destination: TApiDescription | undefined } {
  return {
    source: resolveDescription(choices.sourceDescription, input.sourceApiName, input.sourceApiUrl),
    destination: resolveDescription(choices.destDescription, input.destApiName, input.destApiUrl),
  };
}
