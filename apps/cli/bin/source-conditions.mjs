// Resolve workspace packages to their TypeScript source (the `@pidgate/source` export condition).
export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes('@pidgate/source')
    ? context.conditions
    : ['@pidgate/source', ...context.conditions];
  return nextResolve(specifier, { ...context, conditions });
}
