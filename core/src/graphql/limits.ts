import { GraphQLError, type DocumentNode, type ValidationContext, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { spaceOf } from '../auth/permissions.js';
import type { Translate } from '../i18n/index.js';
import type { RequestState } from '../http/state.js';
import type { GraphqlContext } from './index.js';

/**
 * What one GraphQL document may ask for. The web's own queries stay far below (depth 5, a few dozen
 * fields); a document past any of these is refused before it is executed, because compiled execution
 * of a very deep one blocks the event loop for minutes or overflows the stack.
 */
export const graphqlLimits = { tokens: 3000, depth: 10, aliases: 15, directives: 10, cost: 10000 } as const;

type Limit = keyof typeof graphqlLimits;

/** A refusal in the caller's language; graphql-armor's own message is English and names no field. */
function refusal(t: Translate | undefined, limit: Limit): GraphQLError {
  const message = t ? (t(`errors.graphqlLimit.${limit}`, { limit: graphqlLimits[limit] }) as string) : `GraphQL ${limit} limit exceeded`;
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_LARGE', limit, http: { status: 400 } } });
}

/** The armor rules throw at once (so the costly rules never run on the rest), with our message. */
export function limitRules(t: Translate | undefined): ValidationRule[] {
  const rejectWith = (limit: Limit) => ({ propagateOnRejection: false, onReject: [() => { throw refusal(t, limit); }] });
  return [
    maxDepthRule({ n: graphqlLimits.depth, ...rejectWith('depth') }),
    maxAliasesRule({ n: graphqlLimits.aliases, ...rejectWith('aliases') }),
    maxDirectivesRule({ n: graphqlLimits.directives, ...rejectWith('directives') }),
    costLimitRule({ maxCost: graphqlLimits.cost, ...rejectWith('cost') }),
  ] as ValidationRule[];
}

/** The schema is a map of every operation: in production only signed-in staff may read it. */
function noIntrospection(t: Translate | undefined): ValidationRule {
  return (context: ValidationContext) => ({
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return;
      const message = t ? (t('errors.introspection') as string) : 'Introspection is not allowed';
      context.reportError(new GraphQLError(message, { nodes: [node], extensions: { code: 'FORBIDDEN', http: { status: 403 } } }));
    },
  });
}

// Parsing and validation run before the GraphQL context is built: the Koa request's state is there already.
function requestState(context: unknown): Partial<RequestState> {
  return ((context as { koa?: { state?: RequestState } }).koa?.state ?? {}) as Partial<RequestState>;
}

/** Documents that passed validation, and for which introspection setting (the only rule that depends on who asks). */
const validDocuments = new WeakMap<DocumentNode, Set<boolean>>();

/**
 * Limits on tokens (while parsing), depth, aliases, directives and cost (before any other validation);
 * introspection only for signed-in staff in production.
 */
export function useGraphqlLimits(production: boolean): Plugin<GraphqlContext> {
  return {
    onParse({ context, setParseFn }) {
      const { t } = requestState(context);
      // The armor parser counts tokens as it reads and stops at the limit, with our message.
      setParseFn((source, options) => new MaxTokensParserWLexer(source, {
        ...options, n: graphqlLimits.tokens, propagateOnRejection: false, onReject: [() => { throw refusal(t, 'tokens'); }],
      }).parseDocument());
    },
    onValidate({ context, params, setValidationFn, validateFn, setResult }) {
      const { t, actor } = requestState(context);
      const staff = !!actor && spaceOf(actor) === 'staff';
      const introspection = !production || staff;
      // A document found valid stays valid for whoever may (or may not) introspect: its errors are the only
      // part in a language. Parsed documents are cached by their text, so the same text is the same object.
      const valid = validDocuments.get(params.documentAST);
      if (valid?.has(introspection)) return setResult([]);
      const rules = limitRules(t);
      if (!introspection) rules.push(noIntrospection(t));
      // Ours first, alone: graphql-js runs all rules in one walk, and the costly ones must not see a huge document.
      setValidationFn((schema, document, givenRules, typeInfo, options) => {
        const refused = validateFn(schema, document, rules, typeInfo, options);
        const errors = refused.length ? refused : validateFn(schema, document, givenRules, typeInfo, options);
        if (!errors.length) validDocuments.set(document, new Set([...(validDocuments.get(document) ?? []), introspection]));
        return errors;
      });
    },
  };
}
