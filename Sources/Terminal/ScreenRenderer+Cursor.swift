import Drawing

extension ScreenRenderer {
    /// A way to reach the target row, and where it leaves the column.
    enum VerticalMove: Equatable {
        /// Already on the row.
        case stay
        /// `CR LF` repeated: down `n` rows to column 0.
        case lineFeeds(Int)
        /// CNL `ESC[nE`: down `n` rows to column 0.
        case nextLine(Int)
        /// CPL `ESC[nF`: up `n` rows to column 0.
        case previousLine(Int)
        /// CUD `ESC[nB`: down `n` rows, same column.
        case down(Int)
        /// CUU `ESC[nA`: up `n` rows, same column.
        case up(Int)
        /// VPA `ESC[rd`: to the row, same column.
        case row
    }

    /// A way to reach the target column on the current row.
    enum HorizontalMove: Equatable {
        case stay
        /// `CR`: to column 0.
        case carriageReturn
        /// CHA `ESC[cG`: to the column.
        case column
        /// CUF `ESC[nC`.
        case forward(Int)
        /// CUB `ESC[nD`.
        case back(Int)
        /// `BS` repeated.
        case backspaces(Int)
        /// Writing the `n` cells in between again, exactly as they were written (same pen).
        case rewrite(Int)
    }

    /// Moves the terminal cursor to (`tx`, `ty`) with the fewest bytes, and records it there.
    @inline(__always)
    mutating func moveCursor(
        toColumn tx: Int, row ty: Int, model: UnsafeMutableBufferPointer<Cell>, out: inout ByteWriter
    ) {
        if cursorRow == ty && cursorColumn == tx { return }
        // CUP `ESC[r;cH`, or `ESC[rH` for column 0, is always possible.
        var bestCost = tx == 0 ? csiLength(ty + 1) : 4 + decimalDigits(ty + 1) + decimalDigits(tx + 1)
        var best: (VerticalMove, HorizontalMove)?
        if let row = cursorRow {
            let d = ty - row
            func consider(_ vertical: VerticalMove, _ cost: Int, column: Int?) {
                guard cost < bestCost else { return }
                let (hCost, horizontal) = horizontalMove(
                    from: column, to: tx, row: ty, sameRow: vertical == .stay, model: model)
                if cost + hCost < bestCost {
                    bestCost = cost + hCost
                    best = (vertical, horizontal)
                }
            }
            if d == 0 {
                consider(.stay, 0, column: cursorColumn)
            } else if d > 0 {
                if d <= 3 { consider(.lineFeeds(d), 2 * d, column: 0) }
                consider(.nextLine(d), csiLength(d), column: 0)
                consider(.down(d), csiLength(d), column: cursorColumn)
            } else {
                consider(.previousLine(-d), csiLength(-d), column: 0)
                consider(.up(-d), csiLength(-d), column: cursorColumn)
            }
            if d != 0 { consider(.row, csiLength(ty + 1), column: cursorColumn) }
        }
        if let (vertical, horizontal) = best {
            emit(vertical, ty: ty, out: &out)
            emit(horizontal, tx: tx, ty: ty, model: model, out: &out)
        } else if tx == 0 {
            out.appendCSI(ty + 1, 0x48)  // H
        } else {
            out.appendCSI()
            out.appendDecimal(ty + 1)
            out.append(0x3B)
            out.appendDecimal(tx + 1)
            out.append(0x48)  // H
        }
        cursorRow = ty
        cursorColumn = tx
    }

    /// The cheapest way from column `from` (nil = unknown) to `tx` on row `ty`, with its cost.
    @inline(__always)
    func horizontalMove(
        from column: Int?, to tx: Int, row ty: Int, sameRow: Bool, model: UnsafeMutableBufferPointer<Cell>
    ) -> (Int, HorizontalMove) {
        if column == tx { return (0, .stay) }
        var best: (Int, HorizontalMove) = tx == 0 ? (1, .carriageReturn) : (csiLength(tx + 1), .column)
        guard let column else { return best }
        if tx > column {
            let n = tx - column
            if csiLength(n) < best.0 { best = (csiLength(n), .forward(n)) }
            if sameRow && n < best.0, let cost = rewriteCost(row: ty, from: column, to: tx, limit: best.0, model: model), cost < best.0 {
                best = (cost, .rewrite(n))
            }
        } else {
            let n = column - tx
            if n < best.0 { best = (n, .backspaces(n)) }
            if csiLength(n) < best.0 { best = (csiLength(n), .back(n)) }
        }
        return best
    }

    /// The bytes needed to write cells `from..<to` of row `ty` again exactly as `model` says they were written,
    /// or nil when one of them cannot be (a wide or cluster symbol, or another pen), or costs `limit` or more.
    @inline(__always)
    func rewriteCost(row ty: Int, from: Int, to: Int, limit: Int, model: UnsafeMutableBufferPointer<Cell>) -> Int? {
        guard let pen else { return nil }
        var cost = 0
        for i in (ty * width + from)..<(ty * width + to) {
            let cell = model[i]
            guard let scalar = cell.symbol.scalar, !cell.symbol.isWide, cell.style == pen.style, cell.bg == pen.bg,
                  !cell.showsForeground || cell.fg == pen.fg else { return nil }
            let v = scalar.value
            cost += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
            if cost >= limit { return nil }
        }
        return cost
    }

    @inline(__always)
    func emit(_ move: VerticalMove, ty: Int, out: inout ByteWriter) {
        switch move {
        case .stay: break
        case .lineFeeds(let n):
            for _ in 0..<n {
                out.append(0x0D)
                out.append(0x0A)
            }
        case .nextLine(let n): out.appendCSI(n, 0x45)  // E
        case .previousLine(let n): out.appendCSI(n, 0x46)  // F
        case .down(let n): out.appendCSI(n, 0x42)  // B
        case .up(let n): out.appendCSI(n, 0x41)  // A
        case .row: out.appendCSI(ty + 1, 0x64)  // d
        }
    }

    @inline(__always)
    func emit(
        _ move: HorizontalMove, tx: Int, ty: Int, model: UnsafeMutableBufferPointer<Cell>, out: inout ByteWriter
    ) {
        switch move {
        case .stay: break
        case .carriageReturn: out.append(0x0D)
        case .column: out.appendCSI(tx + 1, 0x47)  // G
        case .forward(let n): out.appendCSI(n, 0x43)  // C
        case .back(let n): out.appendCSI(n, 0x44)  // D
        case .backspaces(let n):
            for _ in 0..<n { out.append(0x08) }
        case .rewrite(let n):
            for i in (ty * width + tx - n)..<(ty * width + tx) {
                out.appendUTF8(model[i].symbol.scalar ?? " ")
            }
        }
    }
}
