export { Hint, type HintProps } from './hint';
export { Disclosure, type DisclosureButtonProps, type DisclosureProps } from './disclosure';
export { place, type Placement, type Side } from './place';
