import { startServer } from '@blockyard/server';
import { helper } from '../../../apps/web/src/helper.ts';

export const both = [startServer, helper];
