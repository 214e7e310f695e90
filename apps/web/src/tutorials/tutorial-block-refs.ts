// Pictures for `||namespace:block||` in tutorial text, from the API metadata the editor already has.
import { blockRefFinder, type BlockRefFinder } from '@blockyard/docs';
import { apiMetadata } from 'virtual:blockyard/api-metadata';

let finder: BlockRefFinder | undefined;
export function tutorialBlockRefs(): BlockRefFinder {
  finder ??= blockRefFinder(apiMetadata);
  return finder;
}
