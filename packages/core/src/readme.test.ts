import { readmeExamples } from './testing/index.ts';

readmeExamples(new URL('../README.md', import.meta.url));
