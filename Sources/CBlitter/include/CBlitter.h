// The two hot loops of reel in C, each run for every cell of every frame (12,000 cells at
// 200x60): the per-cell fits of the sextant and octant blitters (for one cell of 4 x 8 RGB
// samples, the split in two and the two colours that draw it best), with the block glyphs' looks
// as the renderer compares them; and the screen renderer's rows (render.c), the one judge of
// whether a cell is written and in which form, and of its bytes. Plain C with the compiler's
// vector extensions, because Swift's code for the fits was several times longer and its row loop
// a third slower. The cell record that Terminal's `Cell` wraps is defined here, so that both read
// and write a canvas in place. Pure: no state, no system calls.
#ifndef REEL_CBLITTER_H
#define REEL_CBLITTER_H

#include <stddef.h>
#include <stdint.h>

/// How a cell is split, and its two colours (red, green, blue).
typedef struct {
    /// The sextant fit: the lane of the split (see reel_sextant_areas); 0 is a blank.
    /// The octant fit: the pattern of the parts in the foreground (bit 0 top left, 1 top right,
    /// 2 the second row's left, ..., 7 the bottom right); 0 is a blank.
    uint8_t split;
    uint8_t fg[3];
    uint8_t bg[3];
} reel_cell_fit;

/// The number of lanes reel_fit_sextant scores (its splits, and empty lanes up to a multiple of 8).
#define REEL_SEXTANT_LANES 64

/// The foreground area of each sextant lane, in half-sample units of 64 a cell: lanes 0-31 the
/// sextant patterns p = lane ^ (lane >> 1) over the parts top left, top right, middle left,
/// middle right, bottom left (10, 10, 10, 10 and 12 units: kitty's rows of 5, 5 and 6 pixels of
/// 16), then the upper half, the quadrants upper left, upper right, lower left, lower right, the
/// diagonal upper left and lower right, the lower eighths 1, 2, 3, 5, 6, 7, the left eighths
/// 1, 2, 3, 5, 6, 7, and the box-drawing lines as kitty draws them (light 2 px, heavy 3 px, so
/// that a line covers some samples by half, which count 1 unit of their 2): │ ┃ ─ ━ and the half
/// lines ╴ ╵ ╶ ╷ ╸ ╹ ╺ ╻; 0 for the blank and the empty lanes.
extern const uint8_t reel_sextant_areas[REEL_SEXTANT_LANES];

/// The glyph (a Unicode scalar value) that draws each sextant lane's split in its foreground.
extern const uint32_t reel_sextant_lane_glyphs[REEL_SEXTANT_LANES];

/// The glyph of sextant lane `lane` (below REEL_SEXTANT_LANES).
static inline uint32_t reel_sextant_glyph(uint8_t lane) { return reel_sextant_lane_glyphs[lane]; }

/// The best of the sextant blitter's splits for the cell whose top-left sample's red byte is at
/// `origin`, its sample rows `stride` bytes apart (3 bytes a sample): every split is tried, its
/// two colours the least-squares fit of the samples by each sample's share of foreground and
/// background as kitty draws the glyph (for a split of whole samples, its parts' means), clamped
/// to bytes; ties go to the lower lane.
reel_cell_fit reel_fit_sextant(const uint8_t *origin, ptrdiff_t stride);

/// reel_fit_sextant as the plain x86-64 build works it out, whatever the processor (for the
/// tests: the AVX2 build must give the same fits).
reel_cell_fit reel_fit_sextant_plain(const uint8_t *origin, ptrdiff_t stride);

/// reel_fit_sextant for `count` cells side by side (the first at `origin`, each 4 samples right
/// of the last), into `fits`: the same fits, with one call a row.
void reel_fit_sextant_row(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, reel_cell_fit *fits);

/// reel_fit_sextant_row with each fit written as a cell, into `count` reel_cell records at
/// `cells` (see below; Terminal's `Cell` wraps one): the glyph, the foreground's red, green and
/// blue, the background's, no attributes. A blank (split 0, or two equal colours) is a space
/// whose foreground is its background.
void reel_fit_sextant_row_cells(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, void *cells);

/// A sextant fit as a cell record (see reel_fit_sextant_row_cells) at `cell`.
static inline __attribute__((always_inline)) void reel_store_sextant_cell(reel_cell_fit fit, uint8_t *cell) {
    int blank = fit.split == 0 || (fit.fg[0] == fit.bg[0] && fit.fg[1] == fit.bg[1] && fit.fg[2] == fit.bg[2]);
    uint32_t glyph = blank ? 0x20 : reel_sextant_lane_glyphs[fit.split];
    uint8_t record[12] = {0};
    __builtin_memcpy(record, &glyph, 4);
    for (int c = 0; c < 3; c++) {
        record[4 + c] = blank ? fit.bg[c] : fit.fg[c];
        record[7 + c] = fit.bg[c];
    }
    __builtin_memcpy(cell, record, 12);
}
/// The sextant fit's model of a cell of some size in pixels (opaque): each lane's coverage of the
/// 4 x 8 samples as kitty draws the lane's glyph on a cell of that size (a sample being a 1/4 x 1/8
/// of the cell, a pixel its edge crosses counting by its share), and the scoring factors worked
/// out from those coverages as the constant tables of reel_fit_sextant are for 8 x 16.
typedef struct reel_sextant_model reel_sextant_model;
/// The bytes a model takes (to be allocated 32-byte aligned).
size_t reel_sextant_model_size(void);
/// Fills `model` for cells of `width` x `height` pixels. With `blend` 0 a split is judged by how
/// the samples' means come out (a sample covered by a share a shows a f + (1 - a) b); with 1 by
/// each sample's pixels as drawn (a share a in f, the rest in b, so a split inside a sample costs
/// a (1 - a) |f - b|^2 more); between, by that much of the extra.
void reel_sextant_model_make(int width, int height, float blend, reel_sextant_model *model);
/// reel_sextant_model_make with only the lanes whose bits are set in `lanes` (bit i for lane i)
/// ever chosen, and the blank: the same fit over a smaller set of glyphs.
void reel_sextant_model_make_lanes(int width, int height, float blend, uint64_t lanes, reel_sextant_model *model);
/// Every lane of the sextant fit.
#define REEL_SEXTANT_ALL_LANES (~(uint64_t)0)
/// The lanes whose glyphs are Unicode's Block Elements (U+2580-259F), which every terminal that
/// draws quadrants draws: lane 25 (`▌`), `▀`, the quadrants, the lower and the left eighths
/// (lanes 32-49). No sextants, no box-drawing lines.
extern const uint64_t reel_block_element_lanes;
/// Lane `lane`'s coverage of sample `sample` (row * 4 + column), 0-1.
float reel_sextant_model_coverage(const reel_sextant_model *model, int lane, int sample);
/// reel_fit_sextant_row by `model`'s coverages: the least-squares fit of each lane's two colours,
/// the lane that removes the most of the cells' sum |p|^2 (ties to the lower lane), each cell
/// whose colours fall out of range chosen again by its clamped colours' error.
void reel_fit_sextant_model_row(const reel_sextant_model *model, const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count,
                                reel_cell_fit *fits);
/// reel_fit_sextant_row_cells by `model`'s coverages.
void reel_fit_sextant_model_row_cells(const reel_sextant_model *model, const uint8_t *origin, ptrdiff_t stride,
                                      ptrdiff_t count, void *cells);
/// The octant blitter's split for the cell at `origin` (as for reel_fit_sextant): the parts
/// (2 x 2 samples each) ordered along the line through the two that differ most, and the best
/// of the seven splits of that order against a blank.
reel_cell_fit reel_fit_octant(const uint8_t *origin, ptrdiff_t stride);

/// What each glyph of U+2580-U+259F paints in its foreground, on the 4 x 8 sample grid (bit
/// row * 4 + column, row 0 at the top); 0 for the shades, which have no look (see
/// REEL_BLOCK_ELEMENTS_WITH_LOOKS).
extern const uint32_t reel_block_element_looks[32];
/// The block elements that have a look: bit i for U+2580 + i (all but the shades).
#define REEL_BLOCK_ELEMENTS_WITH_LOOKS 0xFFF1FFFFu
/// The looks of the sextants U+1FB00-U+1FB3B, and of the octants U+1CD00-U+1CDE5.
extern const uint32_t reel_sextant_looks[60];
extern const uint32_t reel_octant_looks[230];
/// The complement of each glyph of those three ranges (the glyph that paints what it leaves in
/// the background), or 0 for none.
extern const uint32_t reel_block_element_complements[32];
extern const uint32_t reel_sextant_complements[60];
extern const uint32_t reel_octant_complements[230];

/// The look of the glyph `v` (a Unicode scalar value) into `mask`: 1 for a block glyph (0 for a
/// space, all bits for a full block), 0 for anything else.
static inline __attribute__((always_inline)) int reel_glyph_look(uint32_t v, uint32_t *mask) {
    if (v == 0x20) { *mask = 0; return 1; }
    if (v - 0x2580u < 32u) {
        *mask = reel_block_element_looks[v - 0x2580u];
        return (int)((REEL_BLOCK_ELEMENTS_WITH_LOOKS >> (v - 0x2580u)) & 1u);
    }
    if (v - 0x1FB00u < 60u) { *mask = reel_sextant_looks[v - 0x1FB00u]; return 1; }
    if (v - 0x1CD00u < 230u) { *mask = reel_octant_looks[v - 0x1CD00u]; return 1; }
    // The octant patterns drawn by older glyphs, and four new in Unicode 16.
    switch (v) {
    case 0x1CEA0: *mask = 0xCC000000u; return 1;
    case 0x1CEA3: *mask = 0x33000000u; return 1;
    case 0x1CEA8: *mask = 0x00000033u; return 1;
    case 0x1CEAB: *mask = 0x000000CCu; return 1;
    case 0x1FB82: *mask = 0x000000FFu; return 1;
    case 0x1FB85: *mask = 0x00FFFFFFu; return 1;
    case 0x1FBE6: *mask = 0x00333300u; return 1;
    case 0x1FBE7: *mask = 0x00CCCC00u; return 1;
    // The sextant blitter's box-drawing lines: the samples they cover, half covered ones in.
    case 0x2500: case 0x2501: *mask = 0x000FF000u; return 1;
    case 0x2502: case 0x2503: *mask = 0x66666666u; return 1;
    case 0x2574: case 0x2578: *mask = 0x00033000u; return 1;
    case 0x2575: case 0x2579: *mask = 0x00006666u; return 1;
    case 0x2576: case 0x257A: *mask = 0x000CC000u; return 1;
    case 0x2577: case 0x257B: *mask = 0x66660000u; return 1;
    default: return 0;
    }
}

/// The look of the glyph `v` as reel_glyph_look finds it, returned rather than stored through a
/// pointer (so that a caller keeps it in a register): the mask in the low 32 bits and bit 32 set
/// for a block glyph; 0 for anything else.
static inline __attribute__((always_inline)) uint64_t reel_glyph_look_bits(uint32_t v) {
    uint32_t mask = 0;
    return reel_glyph_look(v, &mask) ? ((uint64_t)1 << 32) | mask : 0;
}

/// The complement of the glyph `v`, or 0 for none (a space and a full block have none here).
static inline uint32_t reel_glyph_complement(uint32_t v) {
    if (v - 0x2580u < 32u) return reel_block_element_complements[v - 0x2580u];
    if (v - 0x1FB00u < 60u) return reel_sextant_complements[v - 0x1FB00u];
    if (v - 0x1CD00u < 230u) return reel_octant_complements[v - 0x1CD00u];
    switch (v) {
    case 0x1CEA0: return 0x1CD70;
    case 0x1CEA3: return 0x1CDAB;
    case 0x1CEA8: return 0x1CDE5;
    case 0x1CEAB: return 0x1CDE4;
    case 0x1FBE6: return 0x1CDD6;
    case 0x1FBE7: return 0x1CDC2;
    default: return 0;
    }
}

/// The largest difference in any channel between the colours two cells show on any one sample:
/// `cell` and `old` hold each cell's foreground in bits 0-23 (red lowest) and its background in
/// bits 24-47; `a` and `b` are their looks (the samples each paints in its foreground). Only four
/// pairings of the colours can meet on a sample: foreground on foreground where both paint it
/// (a & b), the backgrounds where neither does, and each foreground on the other's background.
/// Six channels at a time, in the bytes of one vector. (For two cells of the same symbol, a look
/// of 1 for both compares both colours, and 0 the backgrounds alone.)
static inline uint32_t reel_look_distance(uint64_t cell, uint32_t a, uint64_t old, uint32_t b) {
    typedef uint8_t reel_v8b __attribute__((vector_size(8)));
    const uint64_t low = 0xFFFFFFu, high = low << 24;
    uint64_t swapped = (old >> 24) | ((old & low) << 24);
    uint64_t same = ((a & b) ? low : 0) | ((~a & ~b) ? high : 0);
    uint64_t crossed = ((a & ~b) ? low : 0) | ((~a & b) ? high : 0);
    reel_v8b x, y, z;
    __builtin_memcpy(&x, &cell, 8);
    __builtin_memcpy(&y, &old, 8);
    __builtin_memcpy(&z, &swapped, 8);
    reel_v8b d1 = __builtin_elementwise_max(x, y) - __builtin_elementwise_min(x, y);
    reel_v8b d2 = __builtin_elementwise_max(x, z) - __builtin_elementwise_min(x, z);
    uint64_t u1, u2;
    __builtin_memcpy(&u1, &d1, 8);
    __builtin_memcpy(&u2, &d2, 8);
    u1 &= same;
    u2 &= crossed;
    // The largest byte of the two, found in the vector register (not by shifts through a
    // general one, which moved the bytes back and forth three times).
    reel_v8b v, w;
    __builtin_memcpy(&v, &u1, 8);
    __builtin_memcpy(&w, &u2, 8);
    return __builtin_reduce_max(__builtin_elementwise_max(v, w));
}

/// The decimal digits of each byte value, packed: the count in the low byte, then the ASCII
/// digits in order.
extern const uint32_t reel_byte_digits[256];

/// The packed decimal digits of `value` (see reel_byte_digits).
static inline uint32_t reel_decimal_digits(uint8_t value) { return reel_byte_digits[value]; }

// MARK: The screen renderer's rows (render.c)
//
// Terminal's ScreenRenderer writes every row of every frame through reel_render_row: the one
// place that judges a cell (keep it, or write it and in which form) and writes its bytes (the
// cursor moves, the pen, UTF-8). Swift prepares what C does not hold: cluster text, the palette's
// colours in 256-colour mode, and the bookkeeping of the written clusters.

/// One character cell, as Terminal's `Cell` holds it (Cell wraps this record, so that the
/// renderer and the sextant fit can read and write a canvas's cells in place): 12 bytes.
typedef struct {
    /// CellSymbol's bits: a scalar value or cluster index in bits 0-20, a continuation (bit 29),
    /// wide (bit 30), a cluster (bit 31).
    uint32_t symbol;
    /// The foreground's and the background's red, green and blue.
    uint8_t fg[3];
    uint8_t bg[3];
    /// CellStyle's bits.
    uint8_t style;
    /// Always 0.
    uint8_t padding;
} reel_cell;

/// A frame's tolerance as ScreenRenderer.Allowances holds it, in integer levels.
typedef struct {
    int64_t skip, pen, skip_most, pen_most, blank_spread, smooth_cap, detail_gain16, detail_floor, hysteresis16;
    /// Whether detail changes anything (Allowances.masks).
    int64_t masks;
} reel_allowances;

/// The terminal's SGR state: each colour (red, green, blue) and whether it is known (0 for the
/// terminal's default), the attributes (CellStyle's bits, never see-through), and whether the
/// state is known at all.
typedef struct {
    uint8_t fg[3], bg[3];
    uint8_t has_fg, has_bg;
    uint8_t style, known;
} reel_pen;

/// One frame of the renderer: the canvas's cells and the model of what the terminal shows, both
/// `count` cells, `width` a row; the per-cell hysteresis state; the frame's allowances; whether
/// it is lossy (a tolerance above 0) and whether it writes every cell (a full redraw); whether a
/// see-through cell is written on its own colour rather than the default background.
/// In 256-colour mode, `next` holds the canvas's colours moved to the palette's (a see-through
/// cell's background left as it is), and `palette` the palette index of each cell's foreground
/// and background (2 bytes a cell; for a see-through cell, its own colour's); NULL for truecolor.
typedef struct {
    const reel_cell *next;
    reel_cell *model;
    uint8_t *held;
    const uint8_t *palette;
    ptrdiff_t count, width;
    reel_allowances allowances;
    int lossy, full, see_through_on_own_colour;
} reel_render_frame;

/// The clusters of one row, as Swift finds them: the UTF-8 text of each cluster cell (`text`
/// from `start[x]` to `start[x + 1]`, none for other cells), whether the model holds that same
/// cluster with that text at each column (`same`), and `written`, set to 1 at each column the
/// row writes (for the bookkeeping of the written clusters' text).
typedef struct {
    const uint8_t *text;
    const uint32_t *start;
    const uint8_t *same;
    uint8_t *written;
} reel_row_clusters;

/// The renderer's state between cells: the pen, the cursor (-1 where unknown) and the number of
/// bytes in the output so far.
typedef struct {
    reel_pen pen;
    ptrdiff_t cursor_row, cursor_column;
    ptrdiff_t length;
} reel_render_state;

/// Renders row `y` of the frame: writes the bytes that bring the terminal's row to the canvas's
/// at `out + state->length` (which has room for 80 bytes a cell and the row's cluster text),
/// updates the model, the hysteresis, the pen, the cursor and the length, and returns the number
/// of cells written. `clusters` is NULL when neither the canvas nor the model holds a cluster.
ptrdiff_t reel_render_row(const reel_render_frame *frame, ptrdiff_t y, const reel_row_clusters *clusters,
                          reel_render_state *state, uint8_t *out);

/// Whether the `count` bytes at `a` and at `b` are the same (memcmp): for PixelBuffer's equality,
/// which compares each new picture with the one the terminal shows.
_Bool reel_same_bytes(const void *a, const void *b, size_t count);

#endif
