// The sextant fit at any cell size (see CBlitter.h): each lane's coverage of the 4 x 8 samples
// worked out from how kitty draws its glyph on a cell of that many pixels, and the scoring
// factors from the coverages, once a size; then the fit of eight cells at a time.
#include "CBlitter.h"

typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));

#define LANES 62

// A cell size's model (opaque in CBlitter.h).
struct reel_sextant_model {
    int width, height;
    /// Each lane's coverage of each sample (row * 4 + column), 0-1.
    float coverage[REEL_SEXTANT_LANES][32];
    /// Each lane's sums are lane base[lane]'s plus weight[e] times sample sample[e], for e from
    /// first[lane] to first[lane + 1].
    uint8_t base[REEL_SEXTANT_LANES];
    uint16_t first[REEL_SEXTANT_LANES + 1];
    uint8_t sample[REEL_SEXTANT_LANES * 32];
    float weight[REEL_SEXTANT_LANES * 32];
    /// The scoring factors: with A = sum a^2, B = sum a (1 - a), C = sum (1 - a)^2 over a lane's
    /// coverages a (then A and C each plus blend B, and B times 1 - blend) and D = A C - B^2, both 32/D, across 2 (A + B)/D, outside A/D, foreground C/D,
    /// crossed B/D, squares A and mixed B (all 0 for a lane the cell cannot draw).
    float both[REEL_SEXTANT_LANES], across[REEL_SEXTANT_LANES], outside[REEL_SEXTANT_LANES];
    float foreground[REEL_SEXTANT_LANES], crossed[REEL_SEXTANT_LANES];
    float squares[REEL_SEXTANT_LANES], mixed[REEL_SEXTANT_LANES];
};

size_t reel_sextant_model_size(void) { return sizeof(reel_sextant_model); }

float reel_sextant_model_coverage(const reel_sextant_model *model, int lane, int sample) {
    return model->coverage[lane][sample];
}
#define SPLAT8(x) ((v8f){(x), (x), (x), (x), (x), (x), (x), (x)})

// A rectangle of pixels [x0, x1) x [y0, y1).
typedef struct { int x0, x1, y0, y1; } rect;

// kitty's eighth `which` of a length of `size` pixels (kitty/fonts/box_drawing.py, eight_range):
// each size / 8 (at least 1); the pixels left over go one each to the eighths 3, 4, 2, 5, 6, 1,
// 7, 0; a length under 8 has overlapping eighths of 1 pixel.
static void eighth(int size, int which, int *start, int *end) {
    int thickness = size / 8 > 1 ? size / 8 : 1;
    if (thickness * 8 > size) {
        *start = which * thickness < size - thickness ? which * thickness : size - thickness;
        *end = *start + thickness;
        return;
    }
    int widths[8], extra = size - thickness * 8;
    static const int order[8] = {3, 4, 2, 5, 6, 1, 7, 0};
    for (int k = 0; k < 8; k++) widths[k] = thickness;
    for (int k = 0; k < extra; k++) widths[order[k]] += 1;
    int pos = 0;
    for (int k = 0; k < which; k++) pos += widths[k];
    *start = pos;
    *end = pos + widths[which];
}

// Eighths `first` to `last` of a length, as one span.
static void eighths(int size, int first, int last, int *start, int *end) {
    int ignored;
    eighth(size, first, start, &ignored);
    eighth(size, last, &ignored, end);
}

// The rectangles lane `lane`'s glyph lights on a cell of `w` x `h` pixels, as kitty 0.26.5 draws
// it: sextant rows at h/3 and 2h/3 rounded down and columns at w/2; quadrants at w/2 and h/2;
// halves and eighths on kitty's eighths; lines 2 px (light) and 3 px (heavy) thick, at 96 dpi,
// centred on w/2 or h/2 (from w/2 - t/2). Returns the count (at most 6).
//
// Lane 25 (the three left sextants) is drawn with `▌`, which Unicode's sextants leave out and
// kitty draws on its eighths 0-3 (kitty/decorations.c, eight_block), not at w/2: on a cell of odd
// width the two part by a pixel (4 of 7 pixels, 6 of 11, where the sextants take 3 and 5).
static int lane_rects(int lane, int w, int h, rect *out) {
    int n = 0, cx = w / 2, cy = h / 2;
    int s, e;
    if (lane == 25) {
        eighths(w, 0, 3, &s, &e);
        out[n++] = (rect){s, e, 0, h};
        return n;
    }
    if (lane < 32) {
        int p = lane ^ (lane >> 1);
        for (int k = 0; k < 6; k++) {
            if (!((p >> k) & 1)) continue;
            int row = k >> 1;
            out[n++] = (rect){(k & 1) ? cx : 0, (k & 1) ? w : cx, row * h / 3, (row + 1) * h / 3};
        }
        return n;
    }
    switch (lane) {
    case 32: eighths(h, 0, 3, &s, &e); out[n++] = (rect){0, w, s, e}; return n;
    case 33: out[n++] = (rect){0, cx, 0, cy}; return n;
    case 34: out[n++] = (rect){cx, w, 0, cy}; return n;
    case 35: out[n++] = (rect){0, cx, cy, h}; return n;
    case 36: out[n++] = (rect){cx, w, cy, h}; return n;
    case 37: out[n++] = (rect){0, cx, 0, cy}; out[n++] = (rect){cx, w, cy, h}; return n;
    default: break;
    }
    static const int parts[6] = {1, 2, 3, 5, 6, 7};
    if (lane < 44) {
        eighths(h, 8 - parts[lane - 38], 7, &s, &e);
        out[n++] = (rect){0, w, s, e};
        return n;
    }
    if (lane < 50) {
        eighths(w, 0, parts[lane - 44] - 1, &s, &e);
        out[n++] = (rect){s, e, 0, h};
        return n;
    }
    // The lines: │ ┃ ─ ━, then ╴ ╵ ╶ ╷ (light) and ╸ ╹ ╺ ╻ (heavy): left, up, right, down.
    int line = lane - 50, heavy = line == 1 || line == 3 || line >= 8, t = heavy ? 3 : 2;
    int vx0 = cx - t / 2, hy0 = cy - t / 2;
    rect vertical = {vx0, vx0 + t, 0, h}, horizontal = {0, w, hy0, hy0 + t};
    if (line < 4) {
        out[n++] = line < 2 ? vertical : horizontal;
    } else {
        int arm = (line - 4) & 3;
        rect r = arm == 0 || arm == 2 ? horizontal : vertical;
        if (arm == 0) r.x1 = cx;
        if (arm == 1) r.y1 = cy;
        if (arm == 2) r.x0 = cx;
        if (arm == 3) r.y0 = cy;
        out[n++] = r;
    }
    return n;
}

// The share of a part [k size/parts, (k + 1) size/parts) of a length that [a, b) covers.
static float share(int size, int parts, int k, int a, int b) {
    double lo = (double)k * size / parts, hi = (double)(k + 1) * size / parts;
    double from = a > lo ? a : lo, to = b < hi ? b : hi;
    return to > from ? (float)((to - from) / (hi - lo)) : 0.0f;
}

void reel_sextant_model_make(int width, int height, float blend, reel_sextant_model *model) {
    reel_sextant_model_make_lanes(width, height, blend, REEL_SEXTANT_ALL_LANES, model);
}

void reel_sextant_model_make_lanes(int width, int height, float blend, uint64_t lanes, reel_sextant_model *model) {
    if (width < 2) width = 2;
    if (height < 3) height = 3;
    model->width = width;
    model->height = height;
    float (*a)[32] = model->coverage;
    for (int lane = 0; lane < REEL_SEXTANT_LANES; lane++) {
        for (int s = 0; s < 32; s++) a[lane][s] = 0;
        rect rects[6];
        int n = lane > 0 && lane < LANES ? lane_rects(lane, width, height, rects) : 0;
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < 8; j++) {
                float sy = share(height, 8, j, rects[r].y0, rects[r].y1);
                if (sy == 0) continue;
                for (int i = 0; i < 4; i++) a[lane][j * 4 + i] += sy * share(width, 4, i, rects[r].x0, rects[r].x1);
            }
        }
    }
    // Each lane's sums from an earlier lane's (the one it differs from on the fewest samples, 0
    // for none) and the samples where they differ.
    int entries = 0;
    for (int lane = 0; lane < REEL_SEXTANT_LANES; lane++) {
        int base = 0, fewest = 33;
        for (int b = 0; b < lane && lane < LANES; b++) {
            int differ = 0;
            for (int s = 0; s < 32; s++) differ += a[lane][s] != a[b][s];
            if (differ < fewest) {
                fewest = differ;
                base = b;
            }
        }
        model->base[lane] = (uint8_t)base;
        model->first[lane] = (uint16_t)entries;
        for (int s = 0; s < 32 && lane < LANES; s++) {
            float d = a[lane][s] - a[base][s];
            if (d == 0) continue;
            model->sample[entries] = (uint8_t)s;
            model->weight[entries] = d;
            entries++;
        }
    }
    model->first[REEL_SEXTANT_LANES] = (uint16_t)entries;
    // The scoring factors (in samples: u the foreground's sums, T the cell's; see CBlitter.h).
    for (int lane = 0; lane < REEL_SEXTANT_LANES; lane++) {
        double sa = 0, sb = 0, sc = 0;
        for (int s = 0; s < 32; s++) {
            double x = a[lane][s];
            sa += x * x;
            sb += x * (1 - x);
            sc += (1 - x) * (1 - x);
        }
        // The error judged: the samples' (A, B, C), or with `blend` some of what a split inside
        // a sample leaves apart within it, B |f - b|^2 (B moved into A and C; A + 2B + C stays 32).
        sa += blend * sb;
        sc += blend * sb;
        sb *= 1 - blend;
        double d = sa * sc - sb * sb;
        // A lane left out of `lanes` gets no factors, so the fit never scores it (its sums are
        // still worked out: later lanes' sums start from them).
        int usable = lane > 0 && lane < LANES && d > 1e-6 && ((lanes >> lane) & 1);
        model->both[lane] = usable ? (float)(32 / d) : 0;
        model->across[lane] = usable ? (float)(2 * (sa + sb) / d) : 0;
        model->outside[lane] = usable ? (float)(sa / d) : 0;
        model->foreground[lane] = usable ? (float)(sc / d) : 0;
        model->crossed[lane] = usable ? (float)(sb / d) : 0;
        model->squares[lane] = usable ? (float)sa : 0;
        model->mixed[lane] = usable ? (float)sb : 0;
    }
    model->outside[0] = 1.0f / 32;
}

// The lanes' sums of eight cells, the three channels together (p: the 32 samples of each
// channel, each cell in a vector lane).
static inline __attribute__((always_inline)) void lane_sums(const reel_sextant_model *model, const v8f (*p)[32],
                                                            v8f (*sums)[LANES]) {
    sums[0][0] = sums[1][0] = sums[2][0] = SPLAT8(0.0f);
    for (int lane = 1; lane < LANES; lane++) {
        int base = model->base[lane];
        v8f r = sums[0][base], g = sums[1][base], b = sums[2][base];
        for (int e = model->first[lane]; e < model->first[lane + 1]; e++) {
            v8f w = SPLAT8(model->weight[e]);
            int s = model->sample[e];
            r += w * p[0][s];
            g += w * p[1][s];
            b += w * p[2][s];
        }
        sums[0][lane] = r;
        sums[1][lane] = g;
        sums[2][lane] = b;
    }
}

// The colours of `lane` for sums u (the foreground's) of a cell whose sums are all (T), unclamped:
// f = (C u - B v) / D and b = (A v - B u) / D, v = T - u; a blank's b is T / 32.
static inline void lane_colours(const reel_sextant_model *model, int lane, const float u[3], const float all[3],
                                float fg[3], float bg[3]) {
    for (int c = 0; c < 3; c++) {
        float lit = lane == 0 ? 0 : u[c], unlit = all[c] - lit;
        fg[c] = lit * model->foreground[lane] - unlit * model->crossed[lane];
        bg[c] = unlit * model->outside[lane] - lit * model->crossed[lane];
    }
}

// One cell's fit from its lanes' sums, each lane scored by what its colours clamped to 0-255
// fit (for a cell whose best unclamped colours fall out of range): the error they remove from
// sum |p|^2, 2 (f.u + b.v) - sum over channels of (A f^2 + 2 B f b + C b^2).
static reel_cell_fit clamped_fit(const reel_sextant_model *model, const float (*u)[3], const float all[3]) {
    int best = 0;
    float bestKept = (all[0] * all[0] + all[1] * all[1] + all[2] * all[2]) / 32;
    for (int lane = 1; lane < LANES; lane++) {
        if (model->both[lane] == 0) continue;
        float fg[3], bg[3], kept = 0, sa = model->squares[lane], sb = model->mixed[lane], sc = 32 - sa - 2 * sb;
        lane_colours(model, lane, u[lane], all, fg, bg);
        for (int c = 0; c < 3; c++) {
            float f = fg[c] < 0 ? 0 : fg[c] > 255 ? 255 : fg[c], b = bg[c] < 0 ? 0 : bg[c] > 255 ? 255 : bg[c];
            float v = all[c] - u[lane][c];
            kept += 2 * (f * u[lane][c] + b * v) - (sa * f * f + 2 * sb * f * b + sc * b * b);
        }
        if (kept > bestKept) {
            bestKept = kept;
            best = lane;
        }
    }
    reel_cell_fit fit;
    float fg[3], bg[3];
    lane_colours(model, best, u[best], all, fg, bg);
    fit.split = (uint8_t)best;
    for (int c = 0; c < 3; c++) {
        float f = fg[c] + 0.5f, b = bg[c] + 0.5f;
        fit.fg[c] = (uint8_t)(f < 0 ? 0 : f > 255 ? 255 : f);
        fit.bg[c] = (uint8_t)(b < 0 ? 0 : b > 255 ? 255 : b);
    }
    if (best == 0) fit.fg[0] = fit.fg[1] = fit.fg[2] = 0;
    return fit;
}

// The fits of eight cells side by side from `origin`, into `fits`.
static inline __attribute__((always_inline)) void fit_eight_model(const reel_sextant_model *model, const uint8_t *origin,
                                                                  ptrdiff_t stride, reel_cell_fit *fits) {
    // Eight cells of one colour (the letterbox's bars, a flat picture): blanks of it, as their fits
    // are (every lane's colours are that colour).
    int flat = __builtin_memcmp(origin, origin + 3, 93) == 0;
    for (int y = 1; y < 8 && flat; y++) flat = __builtin_memcmp(origin, origin + y * stride, 96) == 0;
    if (flat) {
        for (int k = 0; k < 8; k++) fits[k] = (reel_cell_fit){0, {0, 0, 0}, {origin[0], origin[1], origin[2]}};
        return;
    }
    v8f p[3][32], all[3], sums[3][LANES];
    for (int s = 0; s < 32; s++) {
        const uint8_t *sample = origin + (s >> 2) * stride + 3 * (s & 3);
        for (int c = 0; c < 3; c++) {
            v8f v;
            for (int k = 0; k < 8; k++) v[k] = sample[12 * k + c];
            p[c][s] = v;
        }
    }
    for (int c = 0; c < 3; c++) {
        v8f t = SPLAT8(0.0f);
        for (int s = 0; s < 32; s++) t += p[c][s];
        all[c] = t;
    }
    lane_sums(model, (const v8f (*)[32])p, sums);
    // Each lane's score |u|^2 both - (u.T) across + |T|^2 outside, its lowest six bits its code
    // (the blank's 63, then 62 - lane), so that the largest is also the earliest of the best.
    v8f allNorm = all[0] * all[0] + all[1] * all[1] + all[2] * all[2];
    v8i best = ((v8i)(allNorm * SPLAT8(model->outside[0])) & ~63) | 63;
    for (int lane = 1; lane < LANES; lane++) {
        if (model->both[lane] == 0) continue;
        v8f r = sums[0][lane], g = sums[1][lane], b = sums[2][lane];
        v8f score = (r * r + g * g + b * b) * SPLAT8(model->both[lane]) -
                    (r * all[0] + g * all[1] + b * all[2]) * SPLAT8(model->across[lane]) +
                    allNorm * SPLAT8(model->outside[lane]);
        v8i coded = ((v8i)score & ~63) | (62 - lane);
        best = __builtin_elementwise_max(best, coded);
    }
    for (int k = 0; k < 8; k++) {
        int code = best[k] & 63, lane = code == 63 ? 0 : 62 - code;
        float u[3] = {sums[0][lane][k], sums[1][lane][k], sums[2][lane][k]}, t[3] = {all[0][k], all[1][k], all[2][k]};
        float fg[3], bg[3];
        lane_colours(model, lane, u, t, fg, bg);
        int outside = 0;
        for (int c = 0; c < 3; c++) outside |= fg[c] + 0.5f < 0 || fg[c] + 0.5f >= 256 || bg[c] + 0.5f < 0 || bg[c] + 0.5f >= 256;
        if (outside) {
            float each[LANES][3];
            for (int l = 0; l < LANES; l++) for (int c = 0; c < 3; c++) each[l][c] = sums[c][l][k];
            fits[k] = clamped_fit(model, (const float (*)[3])each, t);
            continue;
        }
        fits[k].split = (uint8_t)lane;
        for (int c = 0; c < 3; c++) {
            fits[k].fg[c] = lane == 0 ? 0 : (uint8_t)(fg[c] + 0.5f);
            fits[k].bg[c] = (uint8_t)(bg[c] + 0.5f);
        }
    }
}

// A row's fits, eight cells at a time (the last eight overlapping the eight before; a row of
// fewer than eight fitted from a copy padded with its last cell).
static inline __attribute__((always_inline)) void fit_row_model(const reel_sextant_model *model, const uint8_t *origin,
                                                                ptrdiff_t stride, ptrdiff_t count, reel_cell_fit *fits) {
    if (count <= 0) return;
    if (count < 8) {
        uint8_t padded[8 * 96];
        for (int y = 0; y < 8; y++) {
            for (int k = 0; k < 8; k++) {
                ptrdiff_t from = k < count ? k : count - 1;
                __builtin_memcpy(padded + y * 96 + 12 * k, origin + y * stride + 12 * from, 12);
            }
        }
        reel_cell_fit eight[8];
        fit_eight_model(model, padded, 96, eight);
        for (ptrdiff_t k = 0; k < count; k++) fits[k] = eight[k];
        return;
    }
    for (ptrdiff_t first = 0; first < count; first += 8) {
        if (first + 8 > count) first = count - 8;
        fit_eight_model(model, origin + 12 * first, stride, fits + first);
    }
}

__attribute__((target("avx2"))) static void fit_row_model_avx2(const reel_sextant_model *model, const uint8_t *origin,
                                                                ptrdiff_t stride, ptrdiff_t count, reel_cell_fit *fits) {
    fit_row_model(model, origin, stride, count, fits);
}

static void fit_row_model_plain(const reel_sextant_model *model, const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count,
                                reel_cell_fit *fits) {
    fit_row_model(model, origin, stride, count, fits);
}

void reel_fit_sextant_model_row(const reel_sextant_model *model, const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count,
                                reel_cell_fit *fits) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        fit_row_model_avx2(model, origin, stride, count, fits);
    } else {
        fit_row_model_plain(model, origin, stride, count, fits);
    }
}

void reel_fit_sextant_model_row_cells(const reel_sextant_model *model, const uint8_t *origin, ptrdiff_t stride,
                                      ptrdiff_t count, void *cells) {
    reel_cell_fit fits[64];
    for (ptrdiff_t done = 0; done < count; done += 64) {
        // Whole eights where the row allows, so that a chunk's last eight need not go back.
        ptrdiff_t chunk = count - done < 64 ? count - done : 64, start = done;
        if (chunk < 8 && count >= 8) start = count - 8, chunk = 8;
        reel_fit_sextant_model_row(model, origin + 12 * start, stride, chunk, fits);
        for (ptrdiff_t i = 0; i < chunk; i++) {
            reel_store_sextant_cell(fits[i], (uint8_t *)cells + 12 * (start + i));
        }
    }
}
