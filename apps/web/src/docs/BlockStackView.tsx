import type { BlockPicture, BlockStack } from '@blockyard/docs';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { blockPictureText, Parts } from './BlockPictureView.tsx';
import './block-picture.css';

/** One block of a program: its row, then each mouth with the blocks inside it. */
function ProgramBlock({ picture }: { picture: BlockPicture }) {
  const style = { '--block-colour': picture.colour } as CSSProperties;
  return (
    <div className={`block-picture block-program block-shape-${picture.shape}`} style={style}>
      <Parts parts={picture.parts} />
      {picture.statements?.map((arm, index) => (
        <div key={index} className="block-program-arm">
          {arm.before && arm.before.length > 0 && <Parts parts={arm.before} />}
          <div className="block-program-mouth">
            <StackPictures stack={arm.stack} />
          </div>
        </div>
      ))}
      {picture.mouth && <span className="block-picture-foot" />}
    </div>
  );
}

function StackPictures({ stack }: { stack: BlockStack }) {
  return (
    <div className="block-stack">
      {stack.map((picture, index) => (
        <ProgramBlock key={index} picture={picture} />
      ))}
    </div>
  );
}

/** What a screen reader gets instead of the pictures: the blocks as nested lists, in order. */
function StackOutline({ stack }: { stack: BlockStack }) {
  return (
    <ul>
      {stack.map((picture, index) => (
        <li key={index}>
          {blockPictureText(picture)}
          {picture.statements?.map((arm, armIndex) => (
            <div key={armIndex}>
              {arm.before && arm.before.length > 0 && blockPictureText({ parts: arm.before })}
              {arm.stack.length > 0 && <StackOutline stack={arm.stack} />}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * A guide's program drawn as blocks, with the same pictures as the help pages (no Blockly). The
 * pictures are hidden from screen readers, which read the blocks as an outline instead.
 */
export function BlockStackView({ stacks }: { stacks: readonly BlockStack[] }) {
  const { t } = useTranslation();
  return (
    <div className="block-program-view">
      <div className="block-program-stacks" aria-hidden="true">
        {stacks.map((stack, index) => (
          <StackPictures key={index} stack={stack} />
        ))}
      </div>
      <div className="visually-hidden">
        <p>{t('docs.blocksOutline')}</p>
        {stacks.map((stack, index) => (
          <StackOutline key={index} stack={stack} />
        ))}
      </div>
    </div>
  );
}
