// tile.swizzle on ids that are not the instance's own (here the program ids
// passed swapped) is defined: ids outside the grid come back unchanged, the
// rest are swizzled. The interpreter and the lowered MSL agree, and neither
// divides by zero (grouped on a 4x1 grid used to kill tile-run with SIGFPE;
// on 5x3 the two disagreed). Each program
// instance writes the (m, n) it got.
// RUN: tile-run %s --kernel swapped_grouped --grid 3,2 --arg Out=i32:12:zeros --compare | FileCheck %s --check-prefix=GROUPED
// RUN: tile-run %s --kernel swapped_grouped --grid 5,3 --arg Out=i32:30:zeros --compare | FileCheck %s --check-prefix=GROUPED
// RUN: tile-run %s --kernel swapped_grouped --grid 4,1 --arg Out=i32:8:zeros --compare | FileCheck %s --check-prefix=GROUPED
// RUN: tile-run %s --kernel swapped_morton --grid 3,2 --arg Out=i32:12:zeros --compare | FileCheck %s --check-prefix=MORTON
// RUN: tile-run %s --kernel swapped_morton --grid 5,3 --arg Out=i32:30:zeros --compare | FileCheck %s --check-prefix=MORTON
// RUN: tile-run %s --kernel swapped_hilbert --grid 6,5 --arg Out=i32:60:zeros --compare | FileCheck %s --check-prefix=HILBERT
// RUN: tile-run %s --kernel swapped_diagonal --grid 3,2 --arg Out=i32:12:zeros --compare | FileCheck %s --check-prefix=DIAGONAL
// GROUPED: ran swapped_grouped on the emulator: ok
// GROUPED-NEXT: compare Out: max abs error 0, {{.*}}: ok
// MORTON: ran swapped_morton on the emulator: ok
// MORTON-NEXT: compare Out: max abs error 0, {{.*}}: ok
// HILBERT: ran swapped_hilbert on the emulator: ok
// HILBERT-NEXT: compare Out: max abs error 0, {{.*}}: ok
// DIAGONAL: ran swapped_diagonal on the emulator: ok
// DIAGONAL-NEXT: compare Out: max abs error 0, {{.*}}: ok

// The lowering guards the arithmetic with the in-grid test.
// RUN: tile-opt %s --tile-swizzle | FileCheck %s --check-prefix=LOWERED
// LOWERED-LABEL: func.func @swapped_grouped
// LOWERED:       %[[GM:.*]] = tile.num_programs x
// LOWERED:       %[[GN:.*]] = tile.num_programs y
// LOWERED:       arith.cmpi ult, %{{.*}}, %[[GM]]
// LOWERED:       arith.cmpi ult, %{{.*}}, %[[GN]]
// LOWERED:       %[[IN:.*]] = arith.andi

func.func @swapped_grouped(%Out: memref<?xi32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pn, %pm {pattern = "grouped", block = 2} : index
  %gm = tile.num_programs x : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %launch = arith.muli %pn, %gm : index
  %l = arith.addi %launch, %pm : index
  %at = arith.muli %l, %c2 : index
  %at1 = arith.addi %at, %c1 : index
  %mi = arith.index_cast %m : index to i32
  %ni = arith.index_cast %n : index to i32
  tile.store %mi, %Out[%at] : i32, memref<?xi32>
  tile.store %ni, %Out[%at1] : i32, memref<?xi32>
  return
}

func.func @swapped_morton(%Out: memref<?xi32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pn, %pm {pattern = "morton", block = 2} : index
  %gm = tile.num_programs x : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %launch = arith.muli %pn, %gm : index
  %l = arith.addi %launch, %pm : index
  %at = arith.muli %l, %c2 : index
  %at1 = arith.addi %at, %c1 : index
  %mi = arith.index_cast %m : index to i32
  %ni = arith.index_cast %n : index to i32
  tile.store %mi, %Out[%at] : i32, memref<?xi32>
  tile.store %ni, %Out[%at1] : i32, memref<?xi32>
  return
}

func.func @swapped_hilbert(%Out: memref<?xi32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pn, %pm {pattern = "hilbert"} : index
  %gm = tile.num_programs x : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %launch = arith.muli %pn, %gm : index
  %l = arith.addi %launch, %pm : index
  %at = arith.muli %l, %c2 : index
  %at1 = arith.addi %at, %c1 : index
  %mi = arith.index_cast %m : index to i32
  %ni = arith.index_cast %n : index to i32
  tile.store %mi, %Out[%at] : i32, memref<?xi32>
  tile.store %ni, %Out[%at1] : i32, memref<?xi32>
  return
}

func.func @swapped_diagonal(%Out: memref<?xi32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pn, %pm {pattern = "diagonal"} : index
  %gm = tile.num_programs x : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %launch = arith.muli %pn, %gm : index
  %l = arith.addi %launch, %pm : index
  %at = arith.muli %l, %c2 : index
  %at1 = arith.addi %at, %c1 : index
  %mi = arith.index_cast %m : index to i32
  %ni = arith.index_cast %n : index to i32
  tile.store %mi, %Out[%at] : i32, memref<?xi32>
  tile.store %ni, %Out[%at1] : i32, memref<?xi32>
  return
}
