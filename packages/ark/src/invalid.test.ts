import { invalidInputs } from '@pidgate/core/testing';
import { arkScheme } from './scheme.ts';
import { ARK_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(arkScheme, ARK_INVALID_RULES);
