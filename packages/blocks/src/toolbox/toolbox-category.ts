// Toolbox rows with our look: the category's icon in its colour next to its name, a colour stripe,
// generous height for fingers. Registered under our own item kinds (`blockyard_category`,
// `blockyard_folder`), so Blockly's own `category` stays untouched; the classes hold no state
// of their own beyond the row they draw, so registering them once is enough for every workspace.

import * as Blockly from 'blockly/core';
import { categoryIcon, iconElement } from './category-icons.ts';

export const CATEGORY_KIND = 'blockyard_category';
export const FOLDER_KIND = 'blockyard_folder';

/** Extra keys our toolbox JSON gives each category. */
interface CategoryExtras {
  readonly blockyardicon?: string;
  readonly blockyardcodepoint?: string;
  /** A tutorial step uses blocks of this category: the row is marked (toolbox-filter.ts). */
  readonly blockyardhighlight?: boolean;
}

/** Marks a highlighted row: a class for the look, words for screen readers. */
function markHighlight(row: HTMLDivElement | null, definition: Blockly.utils.toolbox.CategoryInfo): void {
  if (!row || !(definition as unknown as CategoryExtras).blockyardhighlight) return;
  row.classList.add('blockyardHighlightedCategory');
  row.setAttribute('data-highlighted', 'true');
}

function labelWithIcon(label: Element, definition: Blockly.utils.toolbox.CategoryInfo, colour: string): Element {
  const extras = definition as unknown as CategoryExtras;
  const icon = iconElement(categoryIcon(extras.blockyardicon ?? '', extras.blockyardcodepoint));
  const wrapper = document.createElement('span');
  wrapper.className = 'blockyardCategoryIcon';
  wrapper.style.color = colour;
  wrapper.appendChild(icon);
  label.insertBefore(wrapper, label.firstChild);
  return label;
}

class BlockyardCategory extends Blockly.ToolboxCategory {
  protected override createDom_(): HTMLDivElement {
    const dom = super.createDom_();
    markHighlight(this.rowDiv_, this.toolboxItemDef_);
    return dom;
  }

  protected override createLabelDom_(name: string): Element {
    return labelWithIcon(super.createLabelDom_(name), this.toolboxItemDef_, this.colour_);
  }

  protected override createIconDom_(): Element {
    // Our icon sits in the label; Blockly's empty icon box is not needed.
    const span = document.createElement('span');
    span.className = 'blockyardCategoryIconSlot';
    return span;
  }
}

class BlockyardFolder extends Blockly.CollapsibleToolboxCategory {
  override createDom_(): HTMLDivElement {
    const dom = super.createDom_();
    markHighlight(this.rowDiv_, this.toolboxItemDef_);
    return dom;
  }

  protected override createLabelDom_(name: string): Element {
    return labelWithIcon(super.createLabelDom_(name), this.toolboxItemDef_, this.colour_);
  }
}

/** Registers the two row kinds (idempotent). */
export function registerToolboxItems(): void {
  const type = Blockly.registry.Type.TOOLBOX_ITEM;
  if (!Blockly.registry.hasItem(type, CATEGORY_KIND)) Blockly.registry.register(type, CATEGORY_KIND, BlockyardCategory);
  if (!Blockly.registry.hasItem(type, FOLDER_KIND)) Blockly.registry.register(type, FOLDER_KIND, BlockyardFolder);
}
