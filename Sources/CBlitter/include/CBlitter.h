// The per-cell fits of the sextant and octant blitters: for one cell of 4 x 8 RGB samples, the
// split in two and the two colours that draw it best. Plain C with the compiler's vector
// extensions, because this runs for every cell of every frame (12,000 cells at 200x60) and
// Swift's code for it was several times longer. Pure: no state, no system calls.
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

/// The number of lanes reel_fit_sextant scores (its splits, and empty lanes up to a multiple of 4).
#define REEL_SEXTANT_LANES 52

/// The foreground area of each sextant lane, in half-sample units of 64 a cell: lanes 0-31 the
/// sextant patterns p = lane ^ (lane >> 1) over the parts top left, top right, middle left,
/// middle right, bottom left (10, 10, 10, 10 and 12 units: kitty's rows of 5, 5 and 6 pixels of
/// 16), then the upper half, the quadrants upper left, upper right, lower left, lower right, the
/// diagonal upper left and lower right, the lower eighths 1, 2, 3, 5, 6, 7 and the left eighths
/// 1, 2, 3, 5, 6, 7; 0 for the blank and the empty lanes.
extern const uint8_t reel_sextant_areas[REEL_SEXTANT_LANES];

/// The best of the sextant blitter's splits for the cell whose top-left sample's red byte is at
/// `origin`, its sample rows `stride` bytes apart (3 bytes a sample): every split is tried, its
/// parts' colours their area-weighted means; ties go to the lower lane.
reel_cell_fit reel_fit_sextant(const uint8_t *origin, ptrdiff_t stride);

/// The octant blitter's split for the cell at `origin` (as for reel_fit_sextant): the parts
/// (2 x 2 samples each) ordered along the line through the two that differ most, and the best
/// of the seven splits of that order against a blank.
reel_cell_fit reel_fit_octant(const uint8_t *origin, ptrdiff_t stride);

#endif
