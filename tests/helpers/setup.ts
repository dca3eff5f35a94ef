// Run before every test file, unit and browser (vite.config.ts setupFiles).
import { expect } from 'vitest';
import { typedArrayEquality } from './typed-array-equality.ts';

expect.addEqualityTesters([typedArrayEquality]);
