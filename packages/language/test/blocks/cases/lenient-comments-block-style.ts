/* a block comment
   over lines */
basic.showNumber(1)
/**
 * JSDoc style
 */
basic.showNumber(2)
