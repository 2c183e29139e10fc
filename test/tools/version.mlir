// Every tool's --version names tile-mlir and the MLIR it was built with.
// RUN: tile-opt --version | FileCheck %s
// RUN: tile-translate --version | FileCheck %s
// RUN: tile-run --version | FileCheck %s
// RUN: tile-lsp-server --version | FileCheck %s
// CHECK: tile-mlir version {{[0-9]+\.[0-9]+\.[0-9]+}}
// CHECK-NEXT: built with LLVM/MLIR 22.
