import { describeProjectStoreContract } from '../test/project-store-contract.ts';
import { MemoryProjectStore } from './memory-project-store.ts';

describeProjectStoreContract('MemoryProjectStore', (clock) => {
  const store = new MemoryProjectStore({ clock });
  return Promise.resolve({
    store,
    damage: (id: string) => {
      store.putRaw('projects', id, { id, name: 'Bad', revision: 'seven' });
      return Promise.resolve();
    },
  });
});
