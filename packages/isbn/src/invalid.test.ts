import { invalidInputs } from '@pidgate/core/testing';
import { isbnScheme, issnScheme } from './scheme.ts';
import { ISBN_INVALID_RULES, ISSN_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(isbnScheme, ISBN_INVALID_RULES);
invalidInputs(issnScheme, ISSN_INVALID_RULES);
