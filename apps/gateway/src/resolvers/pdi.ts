import type { Identifier } from '@pidgate/core';
import { type Outcome, type Resolver, UNAV, UNKN } from './types.ts';

/** PDI: no bindings yet (the institution's own bindings come with the store), so every PDI is 404. */
export const pdiResolver: Resolver = {
  scheme: 'pdi',
  resolve(id: Identifier): Outcome {
    return {
      kind: 'not-found',
      how: 'pdi-bindings',
      code: 'pdi-not-bound',
      detail: `no binding for ${id.normalized}: PDIs resolve only through bindings this gateway holds, and it holds none yet`,
    };
  },
  describe() {
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where: UNAV },
      support: { who: UNKN, what: '(:unav) no binding held by this gateway', when: UNAV, where: UNAV },
    };
  },
};
