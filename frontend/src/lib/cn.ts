import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx) and lets later Tailwind classes win over earlier ones of the same kind,
 * so a caller's `className` overrides a component's defaults: cn('p-4 rounded-md', 'p-0 rounded-full')
 * → 'p-0 rounded-full'. Without this, which of two conflicting utilities applies depends on CSS
 * order, not on the order written. A small, focused stand-in for tailwind-merge (not installed):
 * it knows the utility families this app uses; unknown classes only replace identical copies.
 */
export function cn(...parts: ClassValue[]): string {
  return mergeClasses(clsx(parts));
}

const SIZES = /^(?:3xs|2xs|xs|sm|md|lg|xl|[2-9]xl|base)$/;
const isArbitrary = (v: string) => v.startsWith('[') && v.endsWith(']');
const isLength = (v: string) => /^\[(?:length:)?-?[\d.]+(?:px|r?em|%|vh|vw|dvh|ch)?\]$/.test(v) || /^\d/.test(v);

/** Splits 'md:hover:!bg-primary/90' into its variants and the utility. Brackets may hold ':'. */
function parse(cls: string): { variants: string; important: boolean; util: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let util = cls.slice(start);
  let important = false;
  if (util.startsWith('!')) [important, util] = [true, util.slice(1)];
  if (util.endsWith('!')) [important, util] = [true, util.slice(0, -1)];
  return { variants: parts.sort().join(':'), important, util };
}

const SIDES = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];

// Utility prefixes, longest first so 'min-w-0' is min-w (not min) and 'gap-x-2' is gap-x.
const PREFIXES = [
  'pointer-events', 'underline-offset', 'outline-offset', 'ring-offset', 'backdrop-blur', 'line-clamp', 'grid-cols',
  'grid-rows', 'col-span', 'row-span', 'translate-x', 'translate-y', 'overflow-x', 'overflow-y', 'space-x', 'space-y',
  'gap-x', 'gap-y', 'inset-x', 'inset-y', 'min-w', 'max-w', 'min-h', 'max-h', 'whitespace', 'decoration', 'transition',
  'justify', 'rounded', 'content', 'opacity', 'leading', 'tracking', 'duration', 'animate', 'overflow', 'border',
  'shadow', 'outline', 'stroke', 'accent', 'object', 'cursor', 'select', 'bottom', 'origin', 'rotate', 'scale', 'order',
  'basis', 'aspect', 'inset', 'right', 'start', 'items', 'place', 'break', 'delay', 'caret', 'shrink', 'align',
  'resize', 'grow', 'self', 'text', 'font', 'flex', 'size', 'fill', 'left', 'list', 'blur', 'ring', 'top', 'end', 'gap',
  'ease', 'bg', 'w', 'h', 'z',
].sort((a, b) => b.length - a.length);

/** The family a utility belongs to; two classes of one family (and the same variants) conflict. */
export function classGroup(utilWithModifier: string): string {
  const util = utilWithModifier.replace(/^-/, '');
  // Drop an opacity / line-height modifier (bg-primary/90, text-sm/6) but keep fractions (w-1/2).
  const base = /^(?:w|h|size|basis|inset|top|right|bottom|left|translate-[xy]|min-w|max-w|min-h|max-h)-/.test(util)
    ? util
    : util.replace(/\/[^/\]]+$/, '');
  const exact: Record<string, string> = {
    block: 'display', 'inline-block': 'display', inline: 'display', flex: 'display', 'inline-flex': 'display',
    grid: 'display', 'inline-grid': 'display', hidden: 'display', contents: 'display', table: 'display',
    'flow-root': 'display', 'list-item': 'display',
    static: 'position', fixed: 'position', absolute: 'position', relative: 'position', sticky: 'position',
    visible: 'visibility', invisible: 'visibility', collapse: 'visibility',
    'sr-only': 'sr', 'not-sr-only': 'sr',
    underline: 'decoration-line', 'no-underline': 'decoration-line', 'line-through': 'decoration-line', overline: 'decoration-line',
    italic: 'font-style', 'not-italic': 'font-style',
    uppercase: 'text-transform', lowercase: 'text-transform', capitalize: 'text-transform', 'normal-case': 'text-transform',
    grow: 'grow', shrink: 'shrink', border: 'border-w', rounded: 'rounded', shadow: 'shadow', ring: 'ring-w',
    outline: 'outline-style', transition: 'transition', truncate: 'truncate',
  };
  if (exact[base]) return exact[base];

  // Spacing with sides: p, px, pt…, m, mx…
  const spacing = /^([pm][xysetrbl]?)-/.exec(base);
  if (spacing) return spacing[1];

  const prefix = PREFIXES.find((p) => base.startsWith(`${p}-`));
  if (!prefix) return base;
  const value = base.slice(prefix.length + 1);

  switch (prefix) {
    case 'text':
      if (SIZES.test(value) || (isArbitrary(value) && isLength(value))) return 'font-size';
      if (/^(?:left|center|right|justify|start|end)$/.test(value)) return 'text-align';
      if (/^(?:wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap';
      if (/^(?:ellipsis|clip)$/.test(value)) return 'text-overflow';
      return 'text-color';
    case 'bg':
      if (/^(?:fixed|local|scroll)$/.test(value)) return 'bg-attachment';
      if (/^(?:auto|cover|contain)$/.test(value)) return 'bg-size';
      if (/^(?:repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/.test(value)) return 'bg-repeat';
      if (/^(?:center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/.test(value)) return 'bg-position';
      if (/^(?:none|linear|radial|conic|gradient)/.test(value) || /^\[(?:url|linear-gradient|radial-gradient|conic-gradient|image:)/.test(value)) {
        return 'bg-image';
      }
      if (/^(?:clip|origin|blend)-/.test(value)) return `bg-${value.split('-')[0]}`;
      return 'bg-color';
    case 'font':
      if (/^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value)) return 'font-weight';
      return 'font-family';
    case 'border': {
      if (/^(?:solid|dashed|dotted|double|hidden|none)$/.test(value)) return 'border-style';
      if (/^(?:collapse|separate)$/.test(value)) return 'border-collapse';
      const side = /^([xysetrbl])(?:-(.+))?$/.exec(value);
      if (side) return !side[2] || isLength(side[2]) ? `border-w-${side[1]}` : `border-color-${side[1]}`;
      return isLength(value) ? 'border-w' : 'border-color';
    }
    case 'rounded': {
      const side = /^(t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)(?:-|$)/.exec(value);
      return side ? `rounded-${side[1]}` : 'rounded';
    }
    case 'shadow':
      return SIZES.test(value) || value === 'none' || value === 'inner' || (isArbitrary(value) && /\d/.test(value) && !value.startsWith('[color:'))
        ? 'shadow'
        : 'shadow-color';
    case 'ring':
      return isLength(value) || value === 'inset' ? `ring-${value === 'inset' ? 'inset' : 'w'}` : 'ring-color';
    case 'ring-offset':
      return isLength(value) ? 'ring-offset-w' : 'ring-offset-color';
    case 'outline':
      if (/^(?:none|hidden|dashed|dotted|double|solid)$/.test(value)) return 'outline-style';
      return isLength(value) ? 'outline-w' : 'outline-color';
    case 'outline-offset':
      return 'outline-offset';
    case 'flex':
      if (/^(?:row|row-reverse|col|col-reverse)$/.test(value)) return 'flex-direction';
      if (/^(?:wrap|wrap-reverse|nowrap)$/.test(value)) return 'flex-wrap';
      return 'flex';
    case 'justify':
      return /^(?:items|self)-/.test(value) ? `justify-${value.split('-')[0]}` : 'justify-content';
    case 'place':
      return `place-${value.split('-')[0]}`;
    case 'object':
      return /^(?:contain|cover|fill|none|scale-down)$/.test(value) ? 'object-fit' : 'object-position';
    case 'stroke':
      return isLength(value) ? 'stroke-w' : 'stroke-color';
    case 'decoration':
      return isLength(value) ? 'decoration-w' : /^(?:solid|double|dotted|dashed|wavy)$/.test(value) ? 'decoration-style' : 'decoration-color';
    case 'whitespace':
    case 'break':
    case 'items':
    case 'self':
    case 'content':
    case 'gap':
    case 'gap-x':
    case 'gap-y':
    case 'space-x':
    case 'space-y':
    case 'w':
    case 'h':
    case 'size':
    case 'min-w':
    case 'max-w':
    case 'min-h':
    case 'max-h':
    case 'inset':
    case 'inset-x':
    case 'inset-y':
    case 'top':
    case 'right':
    case 'bottom':
    case 'left':
    case 'start':
    case 'end':
    case 'z':
    case 'order':
    case 'overflow':
    case 'overflow-x':
    case 'overflow-y':
    case 'opacity':
    case 'cursor':
    case 'pointer-events':
    case 'select':
    case 'leading':
    case 'tracking':
    case 'duration':
    case 'ease':
    case 'delay':
    case 'animate':
    case 'line-clamp':
    case 'grid-cols':
    case 'grid-rows':
    case 'col-span':
    case 'row-span':
    case 'basis':
    case 'aspect':
    case 'translate-x':
    case 'translate-y':
    case 'scale':
    case 'rotate':
    case 'origin':
    case 'fill':
    case 'accent':
    case 'caret':
    case 'grow':
    case 'shrink':
    case 'underline-offset':
    case 'backdrop-blur':
    case 'blur':
    case 'list':
    case 'align':
    case 'resize':
      return prefix;
    default:
      if (prefix.startsWith('transition')) return 'transition';
      return base;
  }
}

// When a later class of the key family is kept, earlier classes of these families are dropped too.
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['left', 'right', 'start', 'end'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-s', 'rounded-e', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl', 'rounded-ss', 'rounded-se', 'rounded-es', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-b': ['rounded-bl', 'rounded-br'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'border-w': SIDES.map((s) => `border-w-${s}`),
  'border-w-x': ['border-w-l', 'border-w-r', 'border-w-s', 'border-w-e'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': SIDES.map((s) => `border-color-${s}`),
};

export function mergeClasses(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const kept: string[] = [];
  // Walk backwards: the last class of a family wins; earlier ones (and narrower families) drop.
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i];
    const { variants, important, util } = parse(cls);
    const prefix = `${variants}|${important ? '!' : ''}|`;
    const group = classGroup(util);
    const key = prefix + group;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const narrower of OVERRIDES[group] ?? []) seen.add(prefix + narrower);
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}
