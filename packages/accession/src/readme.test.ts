import { readmeExamples } from '@pidgate/core/testing';

readmeExamples(new URL('../README.md', import.meta.url));
