import {
  astFromValue,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  print,
} from 'graphql';

/**
 * Checks that a schema honours a contract schema (shared/api.graphql): every
 * type, field, argument, input field, enum value, union member and interface
 * of the contract exists with a compatible type, so a client written against
 * the contract keeps working. The schema may add anything that does not
 * break such a client (new types, fields, optional arguments).
 *
 * Each problem names one contract item by a stable, space-free id:
 *   `Type`               a type (missing, or of another kind)
 *   `Type.field`         an output field, or an input object's field
 *   `Type.field(arg)`    an argument
 *   `Enum.VALUE`         an enum value
 *   `Union.Member`       a union member
 *   `Type:Interface`     an interface the type implements
 * When a type is missing, every item under it is reported as well, so the
 * list of problems shrinks item by item as the type is built.
 */
export interface ContractProblem {
  item: string;
  problem: string;
}

type Kind = 'scalar' | 'object' | 'interface' | 'union' | 'enum' | 'input';

function kindOf(t: GraphQLNamedType): Kind {
  if (isScalarType(t)) return 'scalar';
  if (isObjectType(t)) return 'object';
  if (isInterfaceType(t)) return 'interface';
  if (isUnionType(t)) return 'union';
  if (isEnumType(t)) return 'enum';
  return 'input';
}

/**
 * Whether a field of type `actual` satisfies a client expecting `expected`:
 * outputs are covariant, so a non-null where the contract allows null is fine.
 */
export function outputCompatible(expected: GraphQLOutputType, actual: GraphQLOutputType): boolean {
  if (isNonNullType(expected)) return isNonNullType(actual) && outputCompatible(expected.ofType, actual.ofType);
  const a = isNonNullType(actual) ? actual.ofType : actual;
  if (isListType(expected)) return isListType(a) && outputCompatible(expected.ofType, a.ofType);
  return !isListType(a) && expected.name === (a as GraphQLNamedType).name;
}

/**
 * Whether an argument of type `actual` accepts every value a client sends for
 * `expected`: inputs are contravariant, so a nullable where the contract
 * requires a value is fine, but not the other way round.
 */
export function inputCompatible(expected: GraphQLInputType, actual: GraphQLInputType): boolean {
  if (isNonNullType(actual)) return isNonNullType(expected) && inputCompatible(expected.ofType, actual.ofType);
  const e = isNonNullType(expected) ? expected.ofType : expected;
  if (isListType(actual)) return isListType(e) && inputCompatible(e.ofType, actual.ofType);
  return !isListType(e) && (e as GraphQLNamedType).name === actual.name;
}

function defaultOf(arg: GraphQLArgument | GraphQLInputField): string | undefined {
  if (arg.defaultValue === undefined) return undefined;
  const ast = astFromValue(arg.defaultValue, arg.type);
  return ast ? print(ast) : undefined;
}

/** An argument or input field: present, type accepting the contract's, same default. */
function checkInput(
  item: string,
  expected: GraphQLArgument | GraphQLInputField,
  actual: GraphQLArgument | GraphQLInputField | undefined,
  out: ContractProblem[],
): void {
  if (!actual) {
    out.push({ item, problem: 'missing' });
    return;
  }
  if (!inputCompatible(expected.type, actual.type)) {
    out.push({ item, problem: `type ${String(actual.type)} does not accept the contract's ${String(expected.type)}` });
    return;
  }
  const want = defaultOf(expected);
  if (want !== undefined && defaultOf(actual) !== want) {
    out.push({ item, problem: `default ${defaultOf(actual) ?? '(none)'}, the contract says ${want}` });
  }
}

/** Arguments or input fields the schema requires that a contract client never sends. */
function checkExtraRequired(
  itemOf: (name: string) => string,
  expectedNames: Set<string>,
  actual: ReadonlyArray<GraphQLArgument | GraphQLInputField>,
  out: ContractProblem[],
): void {
  for (const a of actual) {
    if (!expectedNames.has(a.name) && isNonNullType(a.type) && a.defaultValue === undefined) {
      out.push({ item: itemOf(a.name), problem: 'required here but not in the contract (breaks its clients)' });
    }
  }
}

function checkField(
  typeName: string,
  expected: GraphQLField<unknown, unknown>,
  actual: GraphQLField<unknown, unknown> | undefined,
  out: ContractProblem[],
): void {
  const item = `${typeName}.${expected.name}`;
  if (!actual) {
    out.push({ item, problem: 'missing' });
    for (const arg of expected.args) out.push({ item: `${item}(${arg.name})`, problem: 'missing' });
    return;
  }
  if (!outputCompatible(expected.type, actual.type)) {
    out.push({ item, problem: `type ${String(actual.type)}, the contract says ${String(expected.type)}` });
  }
  for (const arg of expected.args) {
    checkInput(
      `${item}(${arg.name})`,
      arg,
      actual.args.find((a) => a.name === arg.name),
      out,
    );
  }
  checkExtraRequired((n) => `${item}(${n})`, new Set(expected.args.map((a) => a.name)), actual.args, out);
}

/** Every item under a contract type, as if the whole type were missing. */
function allItems(t: GraphQLNamedType): string[] {
  const items = [t.name];
  if (isObjectType(t) || isInterfaceType(t)) {
    for (const i of t.getInterfaces()) items.push(`${t.name}:${i.name}`);
    for (const f of Object.values(t.getFields())) {
      items.push(`${t.name}.${f.name}`);
      for (const a of f.args) items.push(`${t.name}.${f.name}(${a.name})`);
    }
  } else if (isInputObjectType(t)) {
    for (const f of Object.values(t.getFields())) items.push(`${t.name}.${f.name}`);
  } else if (isEnumType(t)) {
    for (const v of t.getValues()) items.push(`${t.name}.${v.name}`);
  } else if (isUnionType(t)) {
    for (const m of t.getTypes()) items.push(`${t.name}.${m.name}`);
  }
  return items;
}

/** Every way `schema` falls short of `contract`, sorted by item. Empty when it honours it. */
export function checkContract(contract: GraphQLSchema, schema: GraphQLSchema): ContractProblem[] {
  const out: ContractProblem[] = [];
  for (const expected of Object.values(contract.getTypeMap())) {
    if (expected.name.startsWith('__') || isSpecifiedScalarType(expected)) continue;
    const actual = schema.getType(expected.name);
    if (!actual) {
      for (const item of allItems(expected)) out.push({ item, problem: 'missing' });
      continue;
    }
    if (kindOf(actual) !== kindOf(expected)) {
      out.push({ item: expected.name, problem: `is a ${kindOf(actual)}, the contract says ${kindOf(expected)}` });
      continue;
    }
    if ((isObjectType(expected) || isInterfaceType(expected)) && (isObjectType(actual) || isInterfaceType(actual))) {
      const have = new Set(actual.getInterfaces().map((i) => i.name));
      for (const i of expected.getInterfaces()) {
        if (!have.has(i.name)) out.push({ item: `${expected.name}:${i.name}`, problem: 'not implemented' });
      }
      const fields = actual.getFields();
      for (const f of Object.values(expected.getFields())) checkField(expected.name, f, fields[f.name], out);
    } else if (isInputObjectType(expected) && isInputObjectType(actual)) {
      const fields = actual.getFields();
      const want = Object.values(expected.getFields());
      for (const f of want) checkInput(`${expected.name}.${f.name}`, f, fields[f.name], out);
      checkExtraRequired((n) => `${expected.name}.${n}`, new Set(want.map((f) => f.name)), Object.values(fields), out);
    } else if (isEnumType(expected) && isEnumType(actual)) {
      const have = new Set(actual.getValues().map((v) => v.name));
      for (const v of expected.getValues()) {
        if (!have.has(v.name)) out.push({ item: `${expected.name}.${v.name}`, problem: 'missing' });
      }
    } else if (isUnionType(expected) && isUnionType(actual)) {
      const have = new Set(actual.getTypes().map((m) => m.name));
      for (const m of expected.getTypes()) {
        if (!have.has(m.name)) out.push({ item: `${expected.name}.${m.name}`, problem: 'missing' });
      }
    }
  }
  const roots = [
    ['query', contract.getQueryType(), schema.getQueryType()],
    ['mutation', contract.getMutationType(), schema.getMutationType()],
    ['subscription', contract.getSubscriptionType(), schema.getSubscriptionType()],
  ] as const;
  for (const [root, want, have] of roots) {
    if (want && have?.name !== want.name && schema.getType(want.name)) {
      out.push({
        item: want.name,
        problem: `is not the ${root} root type (the ${root} root is ${have?.name ?? 'absent'})`,
      });
    }
  }
  return out.sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
}

/** One line per problem, for a failure message. */
export function formatProblems(problems: readonly ContractProblem[]): string {
  return problems.map((p) => `  ${p.item}: ${p.problem}`).join('\n');
}

/**
 * Every type, field, argument and enum value of `s` without a description, by
 * the same ids as contract problems. Exempt: introspection types and built-in
 * scalars, and what the Pothos relay plugin generates (the Node interface and
 * `id` on Node types, PageInfo, connection and edge types with their standard
 * fields, first/last/before/after of connection fields, id/ids of
 * Query.node/nodes). Fields someone adds to a connection or edge are not exempt.
 */
export function undescribedItems(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const has = (d: string | null | undefined) => typeof d === 'string' && d.trim().length > 0;
  for (const type of Object.values(s.getTypeMap())) {
    // Exempt: introspection types and the built-in scalars (String, Int, Float, Boolean, ID).
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    // Exempt: the relay plugin's Node interface (its one field is `id`) and PageInfo.
    if (type.name === 'Node' || type.name === 'PageInfo') continue;
    const connection = isRelayConnection(type);
    const edge = isRelayEdge(type);
    // Exempt: connection and edge types generated by the relay plugin (but not fields added to them).
    if (!connection && !edge && !has(type.description)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      const node = type.getInterfaces().some((i) => i.name === 'Node');
      for (const field of Object.values(type.getFields())) {
        // Exempt: `id` on Node types; edges/pageInfo on connections; cursor/node on edges.
        const generated =
          (node && field.name === 'id') ||
          (connection && (field.name === 'edges' || field.name === 'pageInfo')) ||
          (edge && (field.name === 'cursor' || field.name === 'node'));
        if (!generated && !has(field.description)) missing.push(`${type.name}.${field.name}`);
        const paginated = isRelayConnection(getNamedType(field.type));
        const nodeQuery = type === s.getQueryType() && (field.name === 'node' || field.name === 'nodes');
        for (const arg of field.args) {
          // Exempt: first/last/before/after of a relay connection field.
          if (paginated && ['first', 'last', 'before', 'after'].includes(arg.name)) continue;
          // Exempt: id/ids of the relay plugin's Query.node and Query.nodes.
          if (nodeQuery && (arg.name === 'id' || arg.name === 'ids')) continue;
          if (!has(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!has(field.description)) missing.push(`${type.name}.${field.name}`);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!has(value.description)) missing.push(`${type.name}.${value.name}`);
      }
    }
  }
  return missing.sort();
}

/** A connection type as the relay plugin makes it: `edges` and `pageInfo: PageInfo!`. */
function isRelayConnection(t: GraphQLNamedType): boolean {
  if (!isObjectType(t) || !t.name.endsWith('Connection')) return false;
  const f = t.getFields();
  return !!f.edges && !!f.pageInfo && getNamedType(f.pageInfo.type).name === 'PageInfo';
}

/** An edge type as the relay plugin makes it: `cursor` and `node`, used by a connection's `edges`. */
function isRelayEdge(t: GraphQLNamedType): boolean {
  if (!isObjectType(t) || !t.name.endsWith('Edge')) return false;
  const f = t.getFields();
  return !!f.cursor && !!f.node;
}
