// `||namespace:block words||` in guides and tutorials: the picture of the block it names. Found by
// its category or namespace and its words (`||input:on button pressed||`); a block we have no
// picture for (built-in ones: `||loops:repeat||`) is drawn with those words in its category colour.
import { builtinCategories, type ApiMetadata } from '@blockyard/language';
import { blockPicture, blockWords } from './block-picture.ts';
import { UNKNOWN_CATEGORY_COLOUR } from './reference-category.ts';
import type { BlockPicture, ReferencePageData } from './reference-model.ts';

export type BlockRefFinder = (namespace: string, words: string) => BlockPicture;

/** Colours of namespaces that are not a category of their own (built-in blocks). */
const OTHER_COLOURS: Record<string, string> = { logic: '#006970', functions: '#005A9E' };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function finder(pictures: readonly { namespace: string; picture: BlockPicture }[]): BlockRefFinder {
  const exact = new Map<string, BlockPicture>();
  const colours = new Map<string, string>();
  for (const { namespace, picture } of pictures) {
    const key = `${namespace.toLowerCase()}:${normalise(blockWords(picture))}`;
    if (!exact.has(key)) exact.set(key, picture);
    colours.set(namespace.toLowerCase(), picture.colour);
  }
  return (namespace, words) => {
    const ns = namespace.toLowerCase();
    const wanted = normalise(words);
    const found =
      exact.get(`${ns}:${wanted}`) ??
      [...exact.entries()].find(
        ([key]) => key.startsWith(`${ns}:`) && wanted && key.slice(ns.length + 1).startsWith(wanted),
      )?.[1];
    if (found) return found;
    const colour =
      colours.get(ns) ??
      builtinCategories.find((c) => c.id === ns)?.colour ??
      OTHER_COLOURS[ns] ??
      UNKNOWN_CATEGORY_COLOUR;
    return { shape: 'statement', colour, mouth: false, parts: [{ kind: 'label', text: words.trim() }] };
  };
}

/** For the editor (tutorials): every block of the API metadata, by namespace and category. */
export function blockRefFinder(meta: ApiMetadata): BlockRefFinder {
  return finder(
    Object.values(meta.functions).flatMap((fn) => {
      const picture = blockPicture(meta, fn);
      if (!picture) return [];
      const owner = fn.owner.split('.')[0] ?? fn.owner;
      return [
        { namespace: fn.category, picture },
        { namespace: owner, picture },
      ];
    }),
  );
}

/** For the guides: the pictures the help pages already carry. */
export function blockRefFinderFromPages(pages: readonly ReferencePageData[]): BlockRefFinder {
  return finder(
    pages.flatMap((page) =>
      page.entries.flatMap((entry) => {
        if (!entry.block) return [];
        const owner = entry.qName.split('.')[0] ?? '';
        return [
          { namespace: page.category, picture: entry.block },
          { namespace: owner, picture: entry.block },
        ];
      }),
    ),
  );
}
