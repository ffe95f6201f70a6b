// Compiles files the way the workspace does (strict, NodeNext) and returns tsc's diagnostics, for
// the tests that prove something is, or is not, a type error. `sources` adds files that exist
// only in memory (generated code samples).
import ts from 'typescript';

export interface TypeDiagnostic {
  code: number;
  file: string;
  text: string;
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  resolveJsonModule: true,
  skipLibCheck: true,
  types: ['node'],
};

export function typeDiagnostics(rootFiles: string[], sources: ReadonlyMap<string, string> = new Map()): TypeDiagnostic[] {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  if (sources.size > 0) {
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (name) => sources.has(name) || fileExists.call(host, name);
    host.readFile = (name) => sources.get(name) ?? readFile.call(host, name);
    host.getSourceFile = (name, version, ...rest) =>
      sources.has(name) ? ts.createSourceFile(name, sources.get(name)!, version) : getSourceFile.call(host, name, version, ...rest);
  }
  const program = ts.createProgram([...rootFiles, ...sources.keys()], COMPILER_OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    code: d.code,
    file: d.file?.fileName ?? '',
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}
