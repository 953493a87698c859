/**
 * Rendering many PDFs of one React component (`@react-pdf/renderer`) that differ only in some texts: the page is laid
 * out once per *shape* and later documents of that shape re-lay out only their changed texts (decision 0082).
 *
 * react-pdf spends ~80 % of a payslip in the React reconciler, style resolution, yoga (flexbox) and the text engine
 * of ~60 texts; only ~20 of them (names, amounts) differ between two employees of a run. The shape of a document is
 * its element tree with every text left out (element types, props, styles, images); two documents of the same shape
 * lay out alike except in the texts that differ, and a text can be swapped without touching the rest of the page if
 * its box does not depend on its content:
 * - the text was measured with an exact width (yoga's `Exactly` mode: a `width`, `flex: 1`, a stretched column...),
 *   which react-pdf marks by not setting `alignOffset`; a content-sized text (`AtMost`) is never swapped, and
 * - its new lines have the same count and height, so yoga, which only asks such a text for its height, would place
 *   every box where it already is.
 * Each swappable text is re-laid out by the text engine react-pdf itself uses (@react-pdf/textkit, same engines,
 * same options, the font store's fonts), with its fragment attributes built as @react-pdf/layout builds them. When a
 * template is made, every text of the first document is laid out again this way and must reproduce react-pdf's own
 * lines exactly, or that text is never swapped (so a react-pdf upgrade that changes its internals degrades to full
 * renders, not to wrong PDFs). A document whose shape has no template, or whose changed texts are not swappable, is
 * rendered in full. tests/server/payslips/layout-cache.test.ts checks the bytes against full renders.
 *
 * The PDF itself is written as `renderToBuffer` writes it (pdfkit options from the Document's props, then
 * @react-pdf/render). Only for documents of host elements (Document, Page, View, Text, Image) built by plain function
 * components without hooks, one page per Page (`wrap: false`).
 */
import { isDeepStrictEqual } from 'node:util';
import layoutDocument from '@react-pdf/layout';
import renderPdf from '@react-pdf/render';
import { Font, pdf, renderToBuffer } from '@react-pdf/renderer';
import layoutEngine, {
  bidi,
  fontSubstitution,
  fromFragments,
  justification,
  linebreaker,
  scriptItemizer,
  textDecoration,
  wordHyphenation,
} from '@react-pdf/textkit';
import PDFDocument from 'pdfkit';
import { Fragment, type ReactElement, type ReactNode } from 'react';

// The shapes react-pdf's own (untyped-internal) layout tree has, as far as this module reads them.
interface Line {
  box: { x: number; y: number; width: number; height: number };
  [key: string]: unknown;
}
interface LayoutNode {
  type: string;
  props?: Record<string, unknown>;
  style?: Record<string, unknown>;
  box?: Record<string, number>;
  lines?: Line[];
  alignOffset?: number;
  exclusions?: unknown[];
  value?: string;
  children?: LayoutNode[];
}

/** A laid-out document and, for each text in document order, whether it can be swapped. */
interface Template {
  layout: LayoutNode;
  texts: (LayoutNode | null)[];
  strings: (string | null)[];
  images: Buffer[];
}

interface Scanned {
  /** The document's props (title, author, language: what pdfkit writes into the file). */
  documentProps: Record<string, unknown>;
  /** The element tree with every swappable text left out. */
  shape: string;
  /** Each text element's string in document order; null for a text that is part of the shape. */
  strings: (string | null)[];
  images: Buffer[];
}

/** An element this module does not walk (a class, memo or context): the document is rendered by react-pdf itself. */
class Unsupported extends Error {}

const TEXT = 'TEXT';
const DOCUMENT = 'DOCUMENT';

/** Walks the element tree as React would mount it: function components called, null/boolean children dropped. */
function scan(root: ReactElement): Scanned {
  const strings: (string | null)[] = [];
  const images: Buffer[] = [];
  let documentProps: Record<string, unknown> = {};
  const parts: string[] = [];
  const visit = (node: ReactNode): void => {
    if (node === null || node === undefined || typeof node === 'boolean') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node === 'string' || typeof node === 'number') {
      parts.push(`"${JSON.stringify(String(node))}`);
      return;
    }
    const element = node as ReactElement<Record<string, unknown>>;
    if (typeof element.type === 'function') {
      const component = element.type as ((props: unknown) => ReactNode) & {
        prototype?: { isReactComponent?: unknown };
      };
      if (component.prototype?.isReactComponent) throw new Unsupported();
      let rendered: ReactNode;
      try {
        rendered = component(element.props);
      } catch {
        throw new Unsupported(); // hooks outside React, or a failure react-pdf will report itself
      }
      visit(rendered);
      return;
    }
    if ((element.type as unknown) === Fragment) {
      visit(element.props.children as ReactNode);
      return;
    }
    if (typeof element.type !== 'string') throw new Unsupported();
    const { children, ...props } = element.props;
    if (element.type === DOCUMENT) documentProps = props;
    else {
      parts.push(`<${element.type}`);
      parts.push(
        // `this[key]`: the value before JSON's own `toJSON` (a Buffer would otherwise arrive as an array of bytes).
        JSON.stringify(props, function (this: Record<string, unknown>, key, value) {
          const raw = this[key];
          if (Buffer.isBuffer(raw) || raw instanceof Uint8Array) {
            images.push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
            return `image#${images.length - 1}`;
          }
          return value;
        }),
      );
    }
    if (element.type === TEXT && (typeof children === 'string' || typeof children === 'number')) {
      strings.push(String(children));
      parts.push('>*');
      return;
    }
    if (element.type === TEXT) strings.push(null);
    parts.push('>');
    visit(children as ReactNode);
    parts.push('/');
  };
  visit(root);
  return { documentProps, shape: parts.join(''), strings, images };
}

/** The text nodes of a laid-out tree in document order. */
function layoutTexts(node: LayoutNode, out: LayoutNode[] = []): LayoutNode[] {
  if (node.type === TEXT) out.push(node);
  else for (const child of node.children ?? []) layoutTexts(child, out);
  return out;
}

// The text engine exactly as @react-pdf/layout configures it (its `layoutText`).
const engine = layoutEngine({
  bidi,
  linebreaker,
  justification,
  textDecoration,
  scriptItemizer,
  wordHyphenation,
  fontSubstitution,
});
const IGNORABLE_CODEPOINTS = [8232, 8233, 8288];
const transformText = (text: string, transformation: unknown) => {
  switch (transformation) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case undefined:
    case 'none':
      return text;
    default:
      return null; // capitalize, upperfirst: not reproduced here, the text is not swapped
  }
};

interface FontLike {
  hasGlyphForCodePoint?: (codePoint: number) => boolean;
}

/** A text node's lines for `string`, laid out as @react-pdf/layout lays out a one-string text; null if unsupported. */
function relayout(node: LayoutNode, string: string): Line[] | null {
  const style = node.style ?? {};
  const props = node.props ?? {};
  const first = node.lines?.[0];
  if (!first) return null;
  const text = transformText(string, style.textTransform);
  if (text === null) return null;
  const {
    color = 'black',
    direction = 'ltr',
    fontFamily = 'Helvetica',
    fontWeight,
    fontStyle,
    fontSize = 18,
    fontFeatureSettings,
    textAlign,
    lineHeight,
    textDecoration: decoration,
    textDecorationColor,
    textDecorationStyle,
    letterSpacing,
    textIndent,
    opacity,
    verticalAlign,
  } = style as Record<string, unknown>;
  const families = typeof fontFamily === 'string' ? [fontFamily] : [...((fontFamily as string[]) ?? [])];
  families.push('Helvetica');
  const font = families.map(
    (family) =>
      (
        Font.getFont({ fontFamily: family, fontWeight, fontStyle } as Parameters<typeof Font.getFont>[0]) as {
          data?: unknown;
        } | null
      )?.data,
  );
  const attributes = {
    font,
    color,
    opacity,
    fontSize,
    lineHeight,
    direction,
    verticalAlign,
    backgroundColor: null,
    indent: textIndent,
    characterSpacing: letterSpacing,
    strikeStyle: textDecorationStyle,
    underlineStyle: textDecorationStyle,
    underline:
      decoration === 'underline' || decoration === 'underline line-through' || decoration === 'line-through underline',
    strike:
      decoration === 'line-through' ||
      decoration === 'underline line-through' ||
      decoration === 'line-through underline',
    strikeColor: textDecorationColor || color,
    underlineColor: textDecorationColor || color,
    link: props.src || props.href,
    align: textAlign || (direction === 'rtl' ? 'right' : 'left'),
    features: fontFeatureSettings,
  };
  // @react-pdf/layout's `ignoreChars`: separators the first font lacks are dropped (first occurrence, as it does).
  const primary = font[0] as FontLike | undefined;
  const missing = IGNORABLE_CODEPOINTS.filter((code) => !primary?.hasGlyphForCodePoint?.(code)).map((code) =>
    String.fromCharCode(code),
  );
  const cleaned = text.replace(new RegExp(missing.join('|')), '');
  const container = {
    x: 0,
    y: 0,
    width: first.box.width,
    maxLines: style.maxLines,
    height: Number.POSITIVE_INFINITY,
    truncateMode: style.textOverflow,
    exclusions: undefined,
  };
  const options = {
    hyphenationPenalty: props.hyphenationPenalty,
    shrinkWhitespaceFactor: { before: -0.5, after: -0.5 },
    hyphenationCallback: props.hyphenationCallback || Font.getHyphenationCallback() || null,
  };
  // biome-ignore lint/suspicious/noExplicitAny: textkit's parameter types are its internal ones
  const paragraphs = engine(fromFragments([{ string: cleaned, attributes } as any]), container as any, options as any);
  return (paragraphs as unknown as Line[][]).flat();
}

const height = (lines: Line[]) => lines.reduce((sum, line) => sum + line.box.height, 0);

/** The template of a laid-out document: each text checked to re-lay out exactly as react-pdf laid it out. */
function makeTemplate(layout: LayoutNode, scanned: Scanned): Template | null {
  // A paginated page was laid out twice and split: only single, unpaginated pages are reused.
  if (!layout.children?.every((page) => page.props?.wrap === false)) return null;
  const nodes = layoutTexts(layout);
  if (nodes.length !== scanned.strings.length) return null;
  const texts = nodes.map((node, i) => {
    const string = scanned.strings[i];
    const only = node.children?.length === 1 ? node.children[0] : undefined;
    if (string === null || string === undefined || only?.value !== string) return null;
    if (node.alignOffset !== undefined || node.exclusions?.length || !node.lines?.length) return null;
    const again = relayout(node, string);
    return again && isDeepStrictEqual(again, node.lines) ? node : null;
  });
  return { layout, texts, strings: scanned.strings, images: scanned.images };
}

/** The template's layout with the texts of `scanned` swapped in, or null if one of them cannot be. */
function patch(template: Template, scanned: Scanned): LayoutNode | null {
  const replaced = new Map<LayoutNode, LayoutNode>();
  for (let i = 0; i < scanned.strings.length; i++) {
    const string = scanned.strings[i];
    if (string === template.strings[i]) continue;
    const node = template.texts[i];
    if (!node || string === null || string === undefined) return null;
    const lines = relayout(node, string);
    if (!lines || lines.length !== node.lines!.length || height(lines) !== height(node.lines!)) return null;
    const only = node.children![0]!;
    replaced.set(node, { ...node, lines, children: [{ ...only, value: string }] });
  }
  const rebuild = (node: LayoutNode): LayoutNode => {
    const swapped = replaced.get(node);
    if (swapped) return swapped;
    if (!node.children) return node;
    let changed = false;
    const children = node.children.map((child) => {
      const next = rebuild(child);
      if (next !== child) changed = true;
      return next;
    });
    return changed ? { ...node, children } : node;
  };
  return rebuild(template.layout);
}

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const omitNils = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));

/** The PDF bytes of a laid-out document, written as @react-pdf/renderer's `renderToBuffer` writes them. */
function write(props: Record<string, unknown>, layout: LayoutNode): Promise<Buffer> {
  const {
    pdfVersion,
    conformance,
    language,
    pageLayout,
    pageMode,
    title,
    author,
    subject,
    keywords,
    creator = 'react-pdf',
    producer = 'react-pdf',
    creationDate = new Date(),
    modificationDate,
    ownerPassword,
    userPassword,
    permissions,
  } = props as Record<string, string | undefined> & { creationDate?: Date; modificationDate?: Date };
  const conformanceVersion = conformance?.startsWith('PDF/A-1') ? '1.4' : '1.7';
  const ctx = new PDFDocument({
    compress: true,
    subset: conformance,
    pdfVersion: pdfVersion || (conformance ? conformanceVersion : undefined),
    lang: language,
    displayTitle: true,
    autoFirstPage: false,
    ownerPassword,
    userPassword,
    permissions,
    pageLayout,
    info: omitNils({
      Title: title,
      Author: author,
      Subject: subject,
      Keywords: keywords,
      Creator: creator,
      Producer: producer,
      CreationDate: creationDate,
      ModificationDate: modificationDate,
    }),
  });
  if (pageMode) ctx._root.data.PageMode = upperFirst(pageMode);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    ctx.on('data', (chunk: Buffer) => chunks.push(chunk));
    ctx.on('end', () => resolve(Buffer.concat(chunks)));
    ctx.on('error', reject);
    // biome-ignore lint/suspicious/noExplicitAny: @react-pdf/render's types are its own pdfkit and layout ones
    renderPdf(ctx as any, layout as any);
  });
}

/** Laid out in full (React, styles, yoga, text), as `renderToBuffer` does. */
async function layOut(element: ReactElement): Promise<LayoutNode> {
  // biome-ignore lint/suspicious/noExplicitAny: pdf() wants the Document element's own prop type
  const { container } = pdf(element as any) as unknown as { container: { document: unknown } };
  // The font store is the second parameter @react-pdf/renderer passes (its published type lists only the first).
  const layOutDocument = layoutDocument as unknown as (root: unknown, fonts: typeof Font) => Promise<LayoutNode>;
  return layOutDocument(container.document, Font);
}

/** Shapes seen once are remembered; a template is made the second time (a one-off shape costs no check). */
const SHAPES = 64;

export interface LayoutCacheStats {
  full: number;
  patched: number;
}

/** Renders documents of one component, reusing the layout of documents of the same shape. One per worker. */
export class LayoutCache {
  private readonly templates = new Map<string, Template | null>();
  private readonly seen = new Set<string>();
  readonly stats: LayoutCacheStats = { full: 0, patched: 0 };

  async render(element: ReactElement): Promise<Buffer> {
    let scanned: Scanned;
    try {
      scanned = scan(element);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      this.stats.full++;
      // biome-ignore lint/suspicious/noExplicitAny: renderToBuffer's prop type wants the Document element itself
      return renderToBuffer(element as any);
    }
    const template = this.templates.get(scanned.shape);
    if (template && sameImages(template.images, scanned.images)) {
      const layout = patch(template, scanned);
      if (layout) {
        this.stats.patched++;
        return write(scanned.documentProps, layout);
      }
    }
    const layout = await layOut(element);
    this.stats.full++;
    if (!this.templates.has(scanned.shape)) {
      if (this.seen.has(scanned.shape)) this.remember(scanned.shape, makeTemplate(layout, scanned));
      else {
        if (this.seen.size >= SHAPES) this.seen.delete(this.seen.values().next().value!);
        this.seen.add(scanned.shape);
      }
    }
    return write(scanned.documentProps, layout);
  }

  private remember(shape: string, template: Template | null) {
    if (this.templates.size >= SHAPES) this.templates.delete(this.templates.keys().next().value!);
    this.templates.set(shape, template);
  }
}

const sameImages = (a: Buffer[], b: Buffer[]) => a.length === b.length && a.every((image, i) => image.equals(b[i]!));
