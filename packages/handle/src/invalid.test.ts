import { invalidInputs } from '@pidgate/core/testing';
import { handleScheme } from './scheme.ts';
import { HANDLE_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(handleScheme, HANDLE_INVALID_RULES);
