import { invalidInputs } from '@pidgate/core/testing';
import { arxivScheme } from './scheme.ts';
import { ARXIV_INVALID_RULES } from './testing/invalid.ts';

invalidInputs(arxivScheme, ARXIV_INVALID_RULES);
