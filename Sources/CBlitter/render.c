// The screen renderer's rows (see CBlitter.h, reel_render_row): the one judge of a cell (whether
// a change may stay unwritten, how far detail around it hides an error, which form of it costs
// the fewest bytes) and the bytes that write it (the cursor moves, the pen, UTF-8), for every row
// of every frame. Terminal's ScreenRenderer keeps the frame (its size, the budget, the clusters'
// text) and calls it a row at a time.
//
// Written for speed, as a picture's rows are most of every frame: a cell is two loads (its symbol, and its
// colours and style as one 64-bit word), colours are compared several channels at a time in the
// bytes of a vector, the frame's constants, the pen and the cursor live in locals (a store
// through the output's byte pointer could otherwise alias them all), and the bytes are stored
// several at a time: up to 7 bytes past the end are scribbled on, well within the room of 80
// bytes a cell the caller leaves (a cell takes at most 54: a move of 14, a pen of 36, a glyph of 4).
// Pure: no state, no system calls.
#include "CBlitter.h"

#include <string.h>

/// Terminal's CellSymbol flags.
#define CLUSTER 0x80000000u
#define WIDE 0x40000000u
#define CONTINUATION 0x20000000u
/// On a cluster: its width is the same in every terminal (kitty's placeholders).
#define CERTAIN_WIDTH 0x10000000u
#define VALUE_MASK 0x1FFFFFu
/// CellStyle's underline and reverse, which show a space's foreground; see-through, which shows
/// the picture under the cell (the terminal's default background) and is no SGR attribute.
#define SHOWS_FG_ON_BLANK 0x18u
#define SEE_THROUGH 0x20u
#define SPACE 0x20u
#define FULL_BLOCK 0x2588u
#define FULL_LOOK 0xFFFFFFFFu

#define INLINE static inline __attribute__((always_inline))
/// A condition that a picture's cells almost never meet (text, wide symbols, clusters).
#define RARE(x) __builtin_expect(!!(x), 0)

/// A cell as two loads give it: the symbol, and the colours and style as they lie in Terminal's
/// `Cell`: the foreground in bits 0-23 (red lowest), the background in 24-47, the style in 48-55.
typedef struct {
    uint32_t symbol;
    uint64_t colours;
} cell;

#define COLOUR 0xFFFFFFu
#define COLOURS 0xFFFFFFFFFFFFull
#define COLOURS_AND_STYLE 0xFFFFFFFFFFFFFFull

INLINE uint32_t fg_of(cell c) { return (uint32_t)c.colours & COLOUR; }
INLINE uint32_t bg_of(cell c) { return (uint32_t)(c.colours >> 24) & COLOUR; }
INLINE uint32_t style_of(cell c) { return (uint32_t)(c.colours >> 48) & 0xFF; }
/// A cell in no style.
INLINE cell make(uint32_t symbol, uint32_t fg, uint32_t bg) {
    return (cell){symbol, (uint64_t)fg | (uint64_t)bg << 24};
}
INLINE cell with_fg(cell c, uint32_t fg) { return (cell){c.symbol, (c.colours & ~(uint64_t)COLOUR) | fg}; }
INLINE cell with_bg(cell c, uint32_t bg) { return (cell){c.symbol, (c.colours & ~((uint64_t)COLOUR << 24)) | (uint64_t)bg << 24}; }
/// Cell.blank.
INLINE cell blank(uint32_t colour) { return make(SPACE, colour, colour); }
INLINE int equal(cell a, cell b) { return a.symbol == b.symbol && a.colours == b.colours; }

INLINE cell load(const reel_cell *cells, ptrdiff_t i) {
    const uint8_t *p = (const uint8_t *)(cells + i);
    cell c;
    memcpy(&c.symbol, p, 4);
    memcpy(&c.colours, p + 4, 8);
    c.colours &= COLOURS_AND_STYLE;
    return c;
}

INLINE void store(reel_cell *cells, ptrdiff_t i, cell c) {
    uint8_t *p = (uint8_t *)(cells + i);
    memcpy(p, &c.symbol, 4);
    memcpy(p + 4, &c.colours, 8);
}

INLINE uint32_t rgb_at(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16; }
INLINE void rgb_put(uint8_t *p, uint32_t c) {
    p[0] = (uint8_t)c;
    p[1] = (uint8_t)(c >> 8);
    p[2] = (uint8_t)(c >> 16);
}

INLINE int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
INLINE int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

typedef uint8_t v8b __attribute__((vector_size(8)));

/// The largest difference of the bytes of `a` and `b`, one by one: RGB.maxChannelDistance of two
/// colours, or the larger of it for two pairs (colours packed as in `cell`).
INLINE int distance(uint64_t a, uint64_t b) {
    v8b x, y;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    return __builtin_reduce_max(__builtin_elementwise_max(x, y) - __builtin_elementwise_min(x, y));
}

/// The colour halfway between two: each channel's mean, rounded down.
INLINE uint32_t midpoint(uint32_t a, uint32_t b) { return (a & b) + (((a ^ b) & 0xFEFEFEu) >> 1); }

/// Cell.showsForeground.
INLINE int shows_fg(cell c) { return c.symbol != SPACE || (style_of(c) & SHOWS_FG_ON_BLANK); }
/// The colour a cell shows on its top samples (local_contrast's `top`).
INLINE uint32_t top_of(cell c) { return shows_fg(c) ? fg_of(c) : bg_of(c); }
/// A cell's colours as reel_look_distance takes them.
INLINE uint64_t colours(cell c) { return c.colours & COLOURS; }

/// reel_glyph_look, trying a picture's sextants first.
INLINE int glyph_look(uint32_t v, uint32_t *mask) {
    if (v - 0x1FB00u < 60u) {
        *mask = reel_sextant_looks[v - 0x1FB00u];
        return 1;
    }
    return reel_glyph_look(v, mask);
}

/// A cell's look (see reel_glyph_look): 1 with the look in `mask` for a block glyph in no style.
INLINE int look(cell c, uint32_t *mask) {
    *mask = 0;
    return style_of(c) == 0 && glyph_look(c.symbol, mask);
}

/// look_distance for two cells of the same symbol and style: the backgrounds, and the
/// foregrounds where they show (looks 1 and 0).
INLINE int64_t same_symbol_distance(cell a, cell b) {
    uint32_t l = shows_fg(a) ? 1 : 0;
    return reel_look_distance(colours(a), l, colours(b), l);
}

/// The largest difference in any channel between what two cells show in any part of the cell,
/// given each cell's look (`has_*` 0 for none): for the same symbol and style, between their
/// colours (the foreground only where it shows); for two different block glyphs (or blanks) in no
/// style, sample by sample. -1 when they cannot be compared so (different text, or styles).
INLINE int64_t look_distance(cell a, int has_a, uint32_t la, cell b, int has_b, uint32_t lb) {
    if (a.symbol == b.symbol && style_of(a) == style_of(b)) return same_symbol_distance(a, b);
    if (!has_a || !has_b) return -1;
    return reel_look_distance(colours(a), la, colours(b), lb);
}

/// The blank that stands for a block cell in no style (whose look is `mask`) whose colours are
/// close (or of which only one colour shows): the colour between them, within the blank
/// allowance `spread` of both. 0 for none.
INLINE int blank_form(cell c, uint32_t mask, int64_t spread, cell *out) {
    if (mask == 0) {
        *out = blank(bg_of(c));
        return 1;
    }
    if (mask == FULL_LOOK) {
        *out = blank(fg_of(c));
        return 1;
    }
    if (distance(fg_of(c), bg_of(c)) > spread) return 0;
    *out = blank(midpoint(fg_of(c), bg_of(c)));
    return 1;
}

/// Allowances.raised, skip(detail:), pen(detail:) and held.
INLINE int64_t raised(const reel_allowances *a, int64_t detail, int64_t most) {
    return min64(a->smooth_cap + ((max64(detail - a->detail_floor, 0) * a->detail_gain16) >> 4), most);
}
INLINE int64_t skip_for(const reel_allowances *a, int64_t detail) {
    return max64(raised(a, detail, a->skip_most), a->skip);
}
INLINE int64_t pen_for(const reel_allowances *a, int64_t detail) {
    return max64(raised(a, detail, a->pen_most), a->pen);
}
INLINE int64_t held_allowance(const reel_allowances *a, int64_t allowance) {
    return (allowance * a->hysteresis16) >> 4;
}

/// The frame, as the row reads it (copied into locals: see the top of the file).
typedef struct {
    const reel_cell *next;
    reel_cell *model;
    uint8_t *held;
    ptrdiff_t count, width;
    reel_allowances allowances;
} frame;

/// The local contrast of the canvas at cell `i` (column `x`): texture, which hides a small
/// error, as opposed to a single edge nearby, which does not hide one on its flat side. The
/// larger of the difference between the cell's own two colours and the smallest difference
/// between the cell and one of its neighbours (its top against the bottom of the cell above, its
/// bottom against the top of the cell below, its colours against those of the cells to the left
/// and right), in the channel where it is largest. A flat cell beside an edge (or the letterbox)
/// has a neighbour like itself, so it counts as flat.
INLINE int64_t local_contrast(const frame *f, ptrdiff_t i, ptrdiff_t x) {
    cell c = load(f->next, i);
    uint32_t high = top_of(c), low = bg_of(c);
    uint64_t both = (uint64_t)high | (uint64_t)low << 24;
    int nearest = 255;
    if (x > 0) {
        cell n = load(f->next, i - 1);
        int d = distance(both, (uint64_t)top_of(n) | (uint64_t)bg_of(n) << 24);
        if (d < nearest) nearest = d;
    }
    if (x + 1 < f->width) {
        cell n = load(f->next, i + 1);
        int d = distance(both, (uint64_t)top_of(n) | (uint64_t)bg_of(n) << 24);
        if (d < nearest) nearest = d;
    }
    if (i >= f->width) {
        int d = distance(high, bg_of(load(f->next, i - f->width)));
        if (d < nearest) nearest = d;
    }
    if (i + f->width < f->count) {
        int d = distance(low, top_of(load(f->next, i + f->width)));
        if (d < nearest) nearest = d;
    }
    int own = distance(high, low), near = nearest == 255 ? 0 : nearest;
    return own > near ? own : near;
}

/// The rest of can_keep, for a change `d` beyond the cell's `skip` allowance: as a
/// blank, or held back a frame.
/// (Out of line, and given the allowances it needs as values, so that the frame's stay in
/// registers.)
static __attribute__((noinline)) int can_keep_rest(int64_t blank_spread, int64_t hysteresis16, cell old, cell c,
                                                   int64_t d, int64_t skip, uint8_t *held) {
    uint32_t cell_look, old_look;
    int has_cell = look(c, &cell_look), has_old = look(old, &old_look);
    cell b;
    if (has_cell && blank_form(c, cell_look, blank_spread, &b)) {
        int64_t to_blank = look_distance(b, 1, 0, old, has_old, old_look);
        if (to_blank >= 0 && to_blank <= skip && d <= max64((blank_spread + 1) / 2, skip)) {
            *held = 0;
            return 1;
        }
    }
    if (*held == 0 && d <= (skip * hysteresis16) >> 4) {
        *held = 1;
        return 1;
    }
    *held = 0;
    return 0;
}

/// Whether the written cell `old` may stay for the canvas's `c` (both in their one form; `c`'s
/// look is `has_look`, `cell_look`) at index `i`, column `x`, in lossy mode: it looks within the
/// cell's skip allowance of how `c` would be written now; or, with hysteresis, it moved a little
/// further only in this frame (`held` is 1 while a change waits its frame). A block that would
/// be written as a blank is also compared as that blank, or a blank written for it would be
/// written again every frame; `old` must then still be within the blank's allowance of `c`
/// itself, so that it cannot drift. `detail` receives the local contrast when it was worked out.
INLINE int can_keep(const frame *f, cell old, cell c, int has_look, uint32_t cell_look, ptrdiff_t i, ptrdiff_t x,
                    int64_t *detail) {
    const reel_allowances *a = &f->allowances;
    uint8_t *held = f->held + i;
    if (equal(c, old)) {
        if (*held != 0) *held = 0;
        return 1;
    }
    int64_t d;
    if (c.symbol == old.symbol && style_of(c) == style_of(old)) {
        d = same_symbol_distance(c, old);
    } else {
        uint32_t old_look;
        int has_old = look(old, &old_look);
        d = look_distance(c, has_look, cell_look, old, has_old, old_look);
        if (d < 0) {
            *held = 0;
            return 0;
        }
    }
    int64_t skip = a->skip;
    if (d > skip && a->masks) {
        *detail = local_contrast(f, i, x);
        skip = skip_for(a, *detail);
    }
    if (d <= skip) {
        *held = 0;
        return 1;
    }
    if (d > max64((a->blank_spread + 1) / 2, skip) && d > held_allowance(a, skip)) {
        *held = 0;
        return 0;
    }
    return can_keep_rest(a->blank_spread, a->hysteresis16, old, c, d, skip, held);
}

/// The pen as the row keeps it: its colours (packed as in `cell`), whether each is known, its
/// attributes, and whether it is known at all (the renderer's pen may be unknown).
typedef struct {
    uint32_t fg, bg;
    int has_fg, has_bg;
    uint32_t style;
    int known;
} pen;

/// The bytes of one colour's SGR parameters: `38;2;` then r;g;b.
INLINE int64_t colour_cost(uint32_t c) {
    return 7 + (reel_decimal_digits((uint8_t)c) & 0xFF) + (reel_decimal_digits((uint8_t)(c >> 8)) & 0xFF)
        + (reel_decimal_digits((uint8_t)(c >> 16)) & 0xFF);
}

/// The bytes of the SGR sequence that moves a pen in no style to two colours whose costs are
/// `fg_cost` and `bg_cost`, of which it writes those it needs.
INLINE int64_t pen_cost(int need_fg, int64_t fg_cost, int need_bg, int64_t bg_cost) {
    if (!need_fg && !need_bg) return 0;
    return 3 + (need_fg ? fg_cost : 0) + (need_bg ? bg_cost : 0) + (need_fg && need_bg ? 1 : 0);
}

/// The pen's colour when there is one within `near` of `colour`.
INLINE uint32_t reuse(uint32_t colour, uint32_t current, int present, int64_t near) {
    return present && distance(current, colour) <= near ? current : colour;
}

/// The form of cell `c` (whose look is `has_look`, `mask`) that looks within the tolerance of it
/// and costs the fewest bytes after the pen `p`: a blank for a block whose colours are close, the
/// pen's colours where they are within `near` (the cell's pen allowance), and the complementary
/// block when its swapped colours suit the pen better. A blank is written as a space in the pen's
/// background, or else as a full block in its foreground, when the pen holds a colour near
/// enough. Text, clusters, wide symbols and a pen or cell in attributes are written as they are.
INLINE cell cheapest_form(const reel_allowances *a, cell c, int has_look, uint32_t mask, pen p, int64_t near) {
    if (!p.known || p.style != 0 || style_of(c) != 0 || (c.symbol & (CLUSTER | WIDE))) return c;
    if (!has_look) {
        cell plain = c;
        if (shows_fg(plain)) plain = with_fg(plain, reuse(fg_of(plain), p.fg, p.has_fg, near));
        plain = make(plain.symbol, fg_of(plain), reuse(bg_of(plain), p.bg, p.has_bg, near));
        if (!shows_fg(plain)) plain = with_fg(plain, bg_of(plain));
        return plain;
    }
    cell b;
    if (blank_form(c, mask, a->blank_spread, &b)) {
        int64_t allowed = max64((a->blank_spread + 1) / 2, near);
        if (!p.has_bg) return b;
        if (distance(p.bg, bg_of(b)) <= near) {
            int64_t d = look_distance(blank(p.bg), 1, 0, c, 1, mask);
            if (d >= 0 && d <= allowed) return blank(p.bg);
        }
        if (p.has_fg && distance(p.fg, bg_of(b)) <= near) {
            cell block = make(FULL_BLOCK, p.fg, p.bg);
            int64_t d = look_distance(block, 1, FULL_LOOK, c, 1, mask);
            if (d >= 0 && d <= allowed) return block;
        }
        return b;
    }
    // A missing colour of the pen counts as black, and matches nothing.
    uint32_t pen_fg = p.has_fg ? p.fg : 0, pen_bg = p.has_bg ? p.bg : 0;
    uint32_t fg = fg_of(c), bg = bg_of(c);
    cell best = make(c.symbol, reuse(fg, pen_fg, p.has_fg, near), reuse(bg, pen_bg, p.has_bg, near));
    uint32_t complement = reel_glyph_complement(c.symbol);
    if (complement == 0) return best;
    cell swapped = make(complement, reuse(bg, pen_fg, p.has_fg, near), reuse(fg, pen_bg, p.has_bg, near));
    int64_t fg_cost = colour_cost(fg), bg_cost = colour_cost(bg);
    int64_t swapped_cost = pen_cost(!p.has_fg || fg_of(swapped) != pen_fg, bg_cost,
                                    !p.has_bg || bg_of(swapped) != pen_bg, fg_cost);
    int64_t best_cost = pen_cost(!p.has_fg || fg_of(best) != pen_fg, fg_cost,
                                 !p.has_bg || bg_of(best) != pen_bg, bg_cost);
    return swapped_cost < best_cost ? swapped : best;
}

// MARK: Bytes: each writer takes the output's end and returns its new end.

INLINE uint8_t *put(uint8_t *o, uint8_t byte) {
    *o = byte;
    return o + 1;
}

/// `value` (≥ 0) in decimal ASCII.
static uint8_t *put_decimal(uint8_t *o, int64_t value) {
    if (value < 10) return put(o, (uint8_t)('0' + value));
    if (value < 100) {
        o = put(o, (uint8_t)('0' + value / 10));
        return put(o, (uint8_t)('0' + value % 10));
    }
    if (value < 1000) {
        o = put(o, (uint8_t)('0' + value / 100));
        o = put(o, (uint8_t)('0' + (value / 10) % 10));
        return put(o, (uint8_t)('0' + value % 10));
    }
    o = put_decimal(o, value / 1000);
    int64_t rest = value % 1000;
    o = put(o, (uint8_t)('0' + rest / 100));
    o = put(o, (uint8_t)('0' + (rest / 10) % 10));
    return put(o, (uint8_t)('0' + rest % 10));
}

/// A channel's decimal digits followed by a `;`, in one store; returns
/// the end of the digits (the `;` stays unless something is written over it).
INLINE uint8_t *put_channel(uint8_t *o, uint32_t value) {
    uint32_t packed = reel_decimal_digits((uint8_t)value), n = packed & 0xFF;
    uint32_t bytes = (packed >> 8) | (uint32_t)';' << (8 * n);
    memcpy(o, &bytes, 4);
    return o + n;
}

/// A colour's `r;g;b` after `38;2;`, with a `;` after it (see
/// put_channel).
INLINE uint8_t *put_rgb(uint8_t *o, uint32_t colour) {
    o = put_channel(o, colour) + 1;
    o = put_channel(o, colour >> 8) + 1;
    return put_channel(o, colour >> 16);
}

/// The eight bytes at `text` in one store, of which `count` are kept.
INLINE uint8_t *put8(uint8_t *o, const char *text, ptrdiff_t count) {
    memcpy(o, text, 8);
    return o + count;
}

/// A one-parameter control sequence `ESC [ n final`, leaving out `n` when it is 1 (every
/// sequence written with it takes 1 as its default).
static uint8_t *put_csi(uint8_t *o, int64_t n, uint8_t final) {
    o = put(o, 0x1B);
    o = put(o, '[');
    if (n != 1) o = put_decimal(o, n);
    return put(o, final);
}

/// Whether CellSymbol.scalar is nil.
INLINE int has_no_scalar(uint32_t symbol) {
    if (symbol & (CLUSTER | CONTINUATION)) return 1;
    uint32_t v = symbol & VALUE_MASK;
    return (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF;
}

/// The scalar value of `symbol ?? " "` as the renderer writes it.
INLINE uint32_t scalar_or_space(uint32_t symbol) { return has_no_scalar(symbol) ? SPACE : symbol & VALUE_MASK; }

/// The UTF-8 encoding of the scalar value `v`, in one store.
INLINE uint8_t *put_utf8(uint8_t *o, uint32_t v) {
    uint32_t bytes;
    ptrdiff_t n;
    if (v < 0x80) {
        bytes = v;
        n = 1;
    } else if (v < 0x800) {
        bytes = (0xC0 | v >> 6) | (0x80 | (v & 0x3F)) << 8;
        n = 2;
    } else if (v < 0x10000) {
        bytes = (0xE0 | v >> 12) | (0x80 | ((v >> 6) & 0x3F)) << 8 | (0x80 | (v & 0x3F)) << 16;
        n = 3;
    } else {
        bytes = (0xF0 | v >> 18) | (0x80 | ((v >> 12) & 0x3F)) << 8 | (0x80 | ((v >> 6) & 0x3F)) << 16
            | (0x80 | (v & 0x3F)) << 24;
        n = 4;
    }
    memcpy(o, &bytes, 4);
    return o + n;
}

// MARK: Cursor

/// The number of decimal digits of `value` (≥ 0): the rare values of 100,000 and more in a loop,
/// the rest without a branch (a cursor move weighs up several, and they mispredicted).
INLINE int64_t decimal_digits(int64_t value) {
    int64_t more = 0;
    for (; value >= 100000; value /= 100000) more += 5;
    return more + 1 + (value >= 10) + (value >= 100) + (value >= 1000) + (value >= 10000);
}

/// The length of `ESC [ n final` as put_csi writes it.
INLINE int64_t csi_length(int64_t n) { return n == 1 ? 3 : 3 + decimal_digits(n); }

enum vertical { STAY, LINE_FEEDS, NEXT_LINE, PREVIOUS_LINE, DOWN, UP, ROW };
enum horizontal { H_STAY, CARRIAGE_RETURN, COLUMN, FORWARD, BACK, BACKSPACES, REWRITE };

/// The cursor: its row and column, -1 where unknown.
typedef struct {
    ptrdiff_t row, column;
} cursor;

/// What the cursor moves read of the frame: the model, and its width.
typedef struct {
    const reel_cell *model;
    ptrdiff_t width;
} grid;

/// The bytes needed to write cells `from` to `to` (not included) of row `ty` again exactly as the
/// model says they were written, or -1 when one of them cannot be (a wide or cluster symbol, or
/// another pen), or costs `limit` or more.
static int64_t rewrite_cost(grid f, pen p, ptrdiff_t ty, ptrdiff_t from, ptrdiff_t to, int64_t limit) {
    int64_t cost = 0;
    for (ptrdiff_t i = ty * f.width + from; i < ty * f.width + to; i++) {
        cell c = load(f.model, i);
        if (!p.known || has_no_scalar(c.symbol) || (c.symbol & WIDE) || style_of(c) != p.style || !p.has_bg
            || bg_of(c) != p.bg
            || (shows_fg(c) && !(p.has_fg && fg_of(c) == p.fg)))
            return -1;
        uint32_t v = c.symbol & VALUE_MASK;
        cost += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4;
        if (cost >= limit) return -1;
    }
    return cost;
}

/// The cheapest way from column `column` (-1 unknown) to `tx` on row `ty`: its cost, the move in
/// `kind`.
INLINE int64_t horizontal_move(grid f, pen p, int64_t column, int64_t tx, int64_t ty, int same_row, int *kind) {
    if (column == tx) {
        *kind = H_STAY;
        return 0;
    }
    int64_t best = tx == 0 ? 1 : csi_length(tx + 1);
    *kind = tx == 0 ? CARRIAGE_RETURN : COLUMN;
    if (column < 0) return best;
    if (tx > column) {
        int64_t n = tx - column;
        if (csi_length(n) < best) {
            best = csi_length(n);
            *kind = FORWARD;
        }
        if (same_row && n < best) {
            int64_t cost = rewrite_cost(f, p, ty, column, tx, best);
            if (cost >= 0 && cost < best) {
                best = cost;
                *kind = REWRITE;
            }
        }
    } else {
        int64_t n = column - tx;
        if (n < best) {
            best = n;
            *kind = BACKSPACES;
        }
        if (csi_length(n) < best) {
            best = csi_length(n);
            *kind = BACK;
        }
    }
    return best;
}

/// The best move so far, as move_cursor weighs them up.
typedef struct {
    int64_t cost;
    int found, vertical, horizontal;
    int64_t n;
} move;

INLINE void consider(grid f, pen p, move *best, int vertical, int64_t n, int64_t cost, int64_t column,
                     int64_t tx, int64_t ty) {
    if (cost >= best->cost) return;
    int kind;
    int64_t h = horizontal_move(f, p, column, tx, ty, vertical == STAY, &kind);
    if (cost + h < best->cost) {
        best->cost = cost + h;
        best->found = 1;
        best->vertical = vertical;
        best->horizontal = kind;
        best->n = n;
    }
}

/// Moves the cursor to (`tx`, `ty`) with the fewest bytes: CUP always can; from a known row,
/// line feeds, CNL, CPL, CUD, CUU or VPA, then CR, CHA, CUF, CUB, backspaces, or the cells in
/// between written again.
/// (The caller puts the cursor there.)
static __attribute__((noinline)) uint8_t *move_cursor(grid f, pen p, cursor at, int64_t tx, int64_t ty, uint8_t *o) {
    move best = {tx == 0 ? csi_length(ty + 1) : 4 + decimal_digits(ty + 1) + decimal_digits(tx + 1), 0, 0, 0, 0};
    if (at.row >= 0) {
        int64_t d = ty - at.row;
        if (d == 0) {
            consider(f, p, &best, STAY, 0, 0, at.column, tx, ty);
        } else if (d > 0) {
            if (d <= 3) consider(f, p, &best, LINE_FEEDS, d, 2 * d, 0, tx, ty);
            consider(f, p, &best, NEXT_LINE, d, csi_length(d), 0, tx, ty);
            consider(f, p, &best, DOWN, d, csi_length(d), at.column, tx, ty);
        } else {
            consider(f, p, &best, PREVIOUS_LINE, -d, csi_length(-d), 0, tx, ty);
            consider(f, p, &best, UP, -d, csi_length(-d), at.column, tx, ty);
        }
        if (d != 0) consider(f, p, &best, ROW, 0, csi_length(ty + 1), at.column, tx, ty);
    }
    if (best.found) {
        switch (best.vertical) {
        case LINE_FEEDS:
            for (int64_t k = 0; k < best.n; k++) {
                o = put(o, 0x0D);
                o = put(o, 0x0A);
            }
            break;
        case NEXT_LINE: o = put_csi(o, best.n, 'E'); break;
        case PREVIOUS_LINE: o = put_csi(o, best.n, 'F'); break;
        case DOWN: o = put_csi(o, best.n, 'B'); break;
        case UP: o = put_csi(o, best.n, 'A'); break;
        case ROW: o = put_csi(o, ty + 1, 'd'); break;
        default: break;
        }
        // The horizontal move's count is the distance from the column the vertical one left.
        int64_t from = best.vertical == LINE_FEEDS || best.vertical == NEXT_LINE || best.vertical == PREVIOUS_LINE
            ? 0 : at.column;
        switch (best.horizontal) {
        case CARRIAGE_RETURN: o = put(o, 0x0D); break;
        case COLUMN: o = put_csi(o, tx + 1, 'G'); break;
        case FORWARD: o = put_csi(o, tx - from, 'C'); break;
        case BACK: o = put_csi(o, from - tx, 'D'); break;
        case BACKSPACES:
            for (int64_t k = 0; k < from - tx; k++) o = put(o, 0x08);
            break;
        case REWRITE:
            for (ptrdiff_t i = ty * f.width + from; i < ty * f.width + tx; i++)
                o = put_utf8(o, scalar_or_space(load(f.model, i).symbol));
            break;
        default: break;
        }
    } else if (tx == 0) {
        o = put_csi(o, ty + 1, 'H');
    } else {
        o = put(o, 0x1B);
        o = put(o, '[');
        o = put_decimal(o, ty + 1);
        o = put(o, ';');
        o = put_decimal(o, tx + 1);
        o = put(o, 'H');
    }
    return o;
}

// MARK: Pen

/// A colour's SGR parameters for `layer` ('3' the foreground, '4' the background): `38;2;r;g;b`,
/// or `38;5;n` with the palette index `index` in 256-colour mode (`index` >= 0).
static uint8_t *put_colour(uint8_t *o, uint8_t layer, uint32_t colour, int index) {
    o = put(o, layer);
    o = put(o, '8');
    o = put(o, ';');
    if (index >= 0) {
        o = put(o, '5');
        o = put(o, ';');
        return put_decimal(o, index);
    }
    o = put(o, '2');
    o = put(o, ';');
    return put_rgb(o, colour);
}

/// set_pen for any cell and pen: out of line, so that the common case stays small. Turning an
/// attribute off resets (`0`) and applies the rest again; a see-through cell's background is
/// `own` when `on_own_colour`, else the terminal's default (`49`). `indices` is the cell's
/// palette indices in 256-colour mode, else NULL.
static __attribute__((noinline)) uint8_t *set_any_pen(pen *p, cell c, uint32_t own, int on_own_colour,
                                                      const uint8_t *indices, uint8_t *o) {
    const int shows = shows_fg(c), see_through = (style_of(c) & SEE_THROUGH) != 0;
    const uint32_t style = style_of(c) & ~SEE_THROUGH, fg = fg_of(c);
    const int has_bg = !see_through || on_own_colour;
    const uint32_t bg = see_through ? (on_own_colour ? own : 0) : bg_of(c);
    const pen cleared = {0, 0, 0, 0, 0, 1};
    pen current = p->known ? *p : cleared;
    const int reset = !p->known || (current.style & ~style) != 0;
    const uint32_t added = reset ? style : style & ~current.style;
    if (reset) current = cleared;
    const int need_fg = shows && !(current.has_fg && current.fg == fg);
    const int need_bg = current.has_bg != has_bg || (has_bg && current.bg != bg);
    if (!reset && !added && !need_fg && !need_bg) return o;
    o = put(o, 0x1B);
    o = put(o, '[');
    int first = 1;
    if (reset) {
        o = put(o, '0');
        first = 0;
    }
    // CellStyle's bits in order: bold, dim, italic, underline, reverse.
    static const uint8_t parameters[5] = {'1', '2', '3', '4', '7'};
    for (int bit = 0; bit < 5; bit++) {
        if (!(added & (1u << bit))) continue;
        if (!first) o = put(o, ';');
        first = 0;
        o = put(o, parameters[bit]);
    }
    if (need_fg) {
        if (!first) o = put(o, ';');
        first = 0;
        o = put_colour(o, '3', fg, indices ? indices[0] : -1);
        current.fg = fg;
        current.has_fg = 1;
    }
    if (need_bg) {
        if (!first) o = put(o, ';');
        if (has_bg) {
            o = put_colour(o, '4', bg, indices ? indices[1] : -1);
        } else {
            o = put(o, '4');
            o = put(o, '9');
        }
        current.bg = has_bg ? bg : 0;
        current.has_bg = has_bg;
    }
    current.style = style;
    *p = current;
    return put(o, 'm');
}

/// Brings the pen to what cell `c` needs, in at most one sequence (see set_any_pen). The common
/// case inline: a truecolor cell and pen in no attributes, which writes `ESC[`, then `38;2;r;g;b`
/// for a new foreground (never for a space), `;` between, `48;2;r;g;b` for a new background, and
/// `m`.
INLINE uint8_t *set_pen(pen *p, cell c, uint32_t own, int on_own_colour, const uint8_t *indices, uint8_t *o) {
    if (RARE(indices || style_of(c) != 0 || !p->known || p->style != 0)) return set_any_pen(p, c, own, on_own_colour, indices, o);
    uint32_t fg = fg_of(c), bg = bg_of(c);
    int need_fg = c.symbol != SPACE && !(p->has_fg && p->fg == fg);
    int need_bg = !(p->has_bg && p->bg == bg);
    if (!need_fg && !need_bg) return o;
    if (need_fg) {
        o = put_rgb(put8(o, "\x1b[38;2;\0", 7), fg);
        p->fg = fg;
        p->has_fg = 1;
        // The `;` put_rgb leaves after the foreground is the separator.
        if (need_bg) o = put_rgb(put8(o, ";48;2;\0\0", 6), bg);
    } else {
        o = put_rgb(put8(o, "\x1b[48;2;\0", 7), bg);
    }
    if (need_bg) {
        p->bg = bg;
        p->has_bg = 1;
    }
    return put(o, 'm');
}

// MARK: The row

ptrdiff_t reel_render_row(const reel_render_frame *frame_in, ptrdiff_t y, const reel_row_clusters *clusters,
                          reel_render_state *state, uint8_t *out) {
    const frame f = {frame_in->next, frame_in->model, frame_in->held, frame_in->count, frame_in->width,
                     frame_in->allowances};
    const int lossy = frame_in->lossy, full = frame_in->full, on_own_colour = frame_in->see_through_on_own_colour;
    const uint8_t *palette = frame_in->palette;
    const ptrdiff_t width = f.width, base = y * width;
    const reel_allowances *a = &f.allowances;
    const reel_pen *given = &state->pen;
    pen p = {rgb_at(given->fg), rgb_at(given->bg), given->has_fg, given->has_bg, given->style, given->known};
    cursor at = {state->cursor_row, state->cursor_column};
    uint8_t *o = out + state->length;
    ptrdiff_t written = 0;
    // Writing one column over a wide symbol erases its right half too: that is rewritten next.
    int forced = 0;
    for (ptrdiff_t x = 0; x < width;) {
        const ptrdiff_t i = base + x;
        cell c = load(f.next, i);
        ptrdiff_t span = 1;
        if (RARE(c.symbol & (WIDE | CONTINUATION))) {
            // A wide symbol with no room is never half drawn, nor a continuation with no wide
            // symbol before it.
            if ((c.symbol & WIDE) && x + 1 < width && (load(f.next, i + 1).symbol & CONTINUATION))
                span = 2;
            else
                c.symbol = SPACE;
        }
        // A see-through cell shows the picture, whatever colour its background holds: one form
        // of it; nor can a space's foreground be seen.
        const uint32_t own = bg_of(c);
        if (RARE(style_of(c) & SEE_THROUGH)) c = with_bg(c, 0);
        if (!shows_fg(c)) c = with_fg(c, bg_of(c));
        int64_t detail = -1;
        // The cell's look, which the lossy judgements ask for (a block glyph in no style).
        uint32_t mask = 0;
        const int has_look = lossy && style_of(c) == 0 && glyph_look(c.symbol, &mask);
        const cell old = load(f.model, i);
        if (!full && !forced) {
            int same;
            // Two clusters of the same text are the same whatever their indices in two canvases'
            // tables (a placeholder's marks come and go, and shift the indices after them).
            if (RARE((c.symbol | old.symbol) & CLUSTER))
                same = clusters && clusters->same[x] && (c.symbol & ~VALUE_MASK) == (old.symbol & ~VALUE_MASK)
                    && c.colours == old.colours;
            else
                same = lossy ? can_keep(&f, old, c, has_look, mask, i, x, &detail) : equal(c, old);
            if (same && (span == 1 || (load(f.model, i + 1).symbol & CONTINUATION))) {
                x += span;
                continue;
            }
        }
        forced = span == 1 && (old.symbol & WIDE);
        if (span == 1 && lossy) {
            int64_t near = a->pen;
            if (a->masks) {
                if (detail < 0) detail = local_contrast(&f, i, x);
                near = pen_for(a, detail);
            }
            c = cheapest_form(a, c, has_look, mask, p, near);
        }
        if (at.column != x || at.row != y) {
            o = move_cursor((grid){f.model, width}, p, at, x, y, o);
            at.row = y;
        }
        o = set_pen(&p, c, own, on_own_colour, palette ? palette + 2 * i : NULL, o);
        if (RARE(c.symbol & CLUSTER)) {
            const uint32_t start = clusters->start[x], end = clusters->start[x + 1];
            memcpy(o, clusters->text + start, end - start);
            o += end - start;
        } else {
            o = put_utf8(o, scalar_or_space(c.symbol));
        }
        if (RARE(clusters != NULL)) clusters->written[x] = 1;
        store(f.model, i, c);
        written++;
        if (RARE(span == 2)) store(f.model, i + 1, (cell){CONTINUATION, c.colours});
        x += span;
        // After a wide symbol or a cluster (but one of certain width), or in the last column, only
        // absolute moves are trusted.
        at.column = span == 2 || (c.symbol & (CLUSTER | CERTAIN_WIDTH)) == CLUSTER || x >= width ? -1 : x;
    }
    rgb_put(state->pen.fg, p.fg);
    rgb_put(state->pen.bg, p.bg);
    state->pen.has_fg = (uint8_t)p.has_fg;
    state->pen.has_bg = (uint8_t)p.has_bg;
    state->pen.style = (uint8_t)p.style;
    state->pen.known = (uint8_t)p.known;
    state->cursor_row = at.row;
    state->cursor_column = at.column;
    state->length = o - out;
    return written;
}
