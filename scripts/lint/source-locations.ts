// Maps a location in the bundled document (a JSON path, as Spectral reports it) back to the YAML file and line of
// the split sources it came from. Redocly's bundle has no source map: it inlines some $refs (path items, webhooks)
// and turns the others into components named after their file. So the bundle and the sources are walked side by
// side from the root: where the sources $ref a file and the bundle has the content, the walk follows the $ref;
// where the bundle $refs a component instead, the file that $ref names is where that component's content lives.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

export interface SourceLocation {
  file: string;
  /** 1-based, as editors and `file:line:col` links count. */
  line: number;
  col: number;
}

interface Parsed {
  doc: Document;
  lines: LineCounter;
}

/** A node of a source file, with the key it was reached by: a finding on a property points at its key. */
interface SourceNode {
  file: string;
  node: Node;
  key?: Node;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Locate = (path: readonly (string | number)[]) => SourceLocation;

export function sourceLocator(bundle: unknown, rootFile: string): Locate {
  const parsed = new Map<string, Parsed>();
  const load = (file: string): Parsed => {
    let entry = parsed.get(file);
    if (entry === undefined) {
      const lines = new LineCounter();
      entry = { doc: parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines }), lines };
      parsed.set(file, entry);
    }
    return entry;
  };

  const resolveAlias = (file: string, node: Node): Node => {
    // Anchors and aliases repeat a block within one file (shared headers): the anchor is the text to edit.
    let current: Node | undefined = node;
    while (isAlias(current)) current = current.resolve(load(file).doc) ?? undefined;
    return current ?? node;
  };

  const refOf = (src: SourceNode): string | undefined => {
    const node = resolveAlias(src.file, src.node);
    if (!isMap(node)) return undefined;
    const ref = node.get('$ref');
    return typeof ref === 'string' ? ref : undefined;
  };

  // One hop along a source $ref, to the file (and pointer in it) that it names.
  const follow = (src: SourceNode, ref: string): SourceNode | undefined => {
    const [filePart = '', pointer = ''] = ref.split('#', 2);
    const file = filePart === '' ? src.file : resolve(dirname(src.file), filePart);
    let node: Node | undefined;
    try {
      node = load(file).doc.contents ?? undefined;
    } catch {
      return undefined;
    }
    for (const segment of pointer.split('/').slice(1)) {
      if (node === undefined) return undefined;
      node = child({ file, node }, segment.replaceAll('~1', '/').replaceAll('~0', '~'))?.node;
    }
    return node === undefined ? undefined : { file, node };
  };

  const child = (src: SourceNode, key: string): SourceNode | undefined => {
    const node = resolveAlias(src.file, src.node);
    if (isMap(node)) {
      for (const pair of node.items) {
        // YAML reads `200:` as a number; the bundle's JSON has the key "200".
        if (isScalar(pair.key) && String(pair.key.value) === key && pair.value !== null) {
          return { file: src.file, node: pair.value as Node, key: pair.key };
        }
      }
    } else if (isSeq(node)) {
      const item = node.items[Number(key)];
      if (item !== undefined) return { file: src.file, node: item as Node };
    }
    return undefined;
  };

  const where = (src: SourceNode): SourceLocation => {
    const node = src.key ?? src.node;
    const { line, col } = load(src.file).lines.linePos(node.range?.[0] ?? 0);
    return { file: src.file, line, col };
  };

  const locations = new Map<string, SourceNode>();
  const walked = new Set<string>();
  const pending: { pointer: string; bundleNode: Json; src: SourceNode }[] = [];

  const walk = (bundleNode: Json, pointer: string, at: SourceNode): void => {
    let src = at;
    const bundleRef = isObject(bundleNode) && typeof bundleNode.$ref === 'string' ? bundleNode.$ref : undefined;
    if (bundleRef === undefined) {
      // The bundle inlined what the sources $ref: the content is in the file the $ref names.
      for (let hops = 0, ref = refOf(src); ref !== undefined && hops < 32; hops++, ref = refOf(src)) {
        const target = follow(src, ref);
        if (target === undefined) break;
        src = target;
      }
    } else if (bundleRef.startsWith('#/components/')) {
      const sourceRef = refOf(src);
      const target = sourceRef === undefined ? undefined : follow(src, sourceRef);
      const pointerOfComponent = bundleRef.slice(1);
      if (target !== undefined && !walked.has(pointerOfComponent)) {
        walked.add(pointerOfComponent);
        const component = getPointer(bundle as Json, pointerOfComponent);
        if (component !== undefined) pending.push({ pointer: pointerOfComponent, bundleNode: component, src: target });
      }
    }
    if (!locations.has(pointer)) locations.set(pointer, src);
    const entries: [string, Json][] = Array.isArray(bundleNode)
      ? bundleNode.map((value, index) => [String(index), value])
      : isObject(bundleNode)
        ? Object.entries(bundleNode)
        : [];
    for (const [key, value] of entries) {
      const next = child(src, key);
      if (next !== undefined) walk(value, `${pointer}/${escape(key)}`, next);
    }
  };

  const root = load(rootFile).doc.contents;
  if (root !== null) {
    walk(bundle as Json, '', { file: rootFile, node: root });
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) walk(item.bundleNode, item.pointer, item.src);
  }

  return (path) => {
    // A finding about something missing points at a path that does not exist: its nearest existing parent.
    for (let length = path.length; length >= 0; length--) {
      const src = locations.get(
        path
          .slice(0, length)
          .map((segment) => `/${escape(String(segment))}`)
          .join(''),
      );
      if (src !== undefined) return where(src);
    }
    return { file: rootFile, line: 1, col: 1 };
  };
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escape(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function getPointer(doc: Json, pointer: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
  }
  return node;
}
