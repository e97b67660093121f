import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { localizedErrorKeys } from '../errors.js';
import type { GraphqlContext } from './index.js';

type Result = { errors?: readonly GraphQLError[] };

/**
 * Not logged in, denied and not found are thrown with machine words, far from the request's language:
 * here, once the operation ran, a person gets them in their language (the SPEC's strings stay in `reason`).
 */
export function useLocalizedErrors(): Plugin<GraphqlContext> {
  return {
    onExecute({ args }) {
      const { t } = args.contextValue;
      return {
        onExecuteDone({ result, setResult }) {
          const current = result as Result;
          if (!('errors' in current) || !current.errors?.length) return;
          setResult({ ...current, errors: current.errors.map((error) => localize(error, t)) } as never);
        },
      };
    },
  };
}

// Seen before or after error masking: the code is on the thrown UserError or already in the extensions.
function localize(error: GraphQLError, t: GraphqlContext['t']): GraphQLError {
  const original = error.originalError as { code?: string; reason?: string } | undefined;
  const code = String(error.extensions?.code ?? original?.code);
  const key = localizedErrorKeys[code];
  if (!key) return error;
  const reason = error.extensions?.reason ?? original?.reason;
  const extensions = { ...error.extensions, code, ...(reason ? { reason } : {}) };
  return new GraphQLError(t(key) as string, { path: error.path, nodes: error.nodes, extensions });
}
