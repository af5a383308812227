// The sextant and octant blitters' per-cell fits (see CBlitter.h).
#include "CBlitter.h"

typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef uint8_t v16b __attribute__((vector_size(16)));
typedef int16_t v8s __attribute__((vector_size(16)));

const uint8_t reel_sextant_areas[REEL_SEXTANT_LANES] = {
    0, 10, 20, 10, 20, 30, 20, 10, 20, 30, 40, 30, 20,
    30, 20, 10, 22, 32, 42, 32, 42, 52, 42, 32, 22, 32,
    42, 32, 22, 32, 22, 12, 32, 16, 16, 16, 16, 32, 8,
    16, 24, 40, 48, 56, 8, 16, 24, 40, 48, 56, 16, 24,
    8, 12, 4, 8, 4, 8, 6, 12, 6, 12, 0, 0,
};

// The lanes the scoring loop runs over: the splits, and empty lanes up to a multiple of 8.
#define SCORED_LANES 64

// The scoring factors of each lane (see the scoring loop), for a split whose foreground covers
// a fraction alpha of each sample (0, 1/2 or 1 here: kitty's pixels at 8 x 16 a cell, two by two),
// drawn as alpha f + (1 - alpha) b. In half-sample units w = 2 alpha, with Aw = sum w^2,
// Bw = sum w (2 - w), Cw = sum (2 - w)^2 and Dw = Aw Cw - Bw^2, the least-squares colours of
// sums S (the foreground's, sum w p) and V = T - S (T the cell's, in the same units) are
// f = (2 Cw S - 2 Bw V) / Dw and b = (2 Aw V - 2 Bw S) / Dw, and twice the score the fit
// removes from the error is |S|^2 256/Dw - (S.T) 8 sum(w)/Dw + |T|^2 2 Aw/Dw (summed over
// the channels). For a split that covers each sample wholly or not at all (Bw = 0) these are
// |S1|^2/n1 + |S2|^2/n2 and the parts' means, written so: 1/n1 + 1/n2, 2/n2 and 1/n2, with n1,
// n2 the parts' areas. `both`, `across` and `outside` are the three factors of the score,
// `foreground` and `crossed` the colours' 2 Cw/Dw and 2 Bw/Dw (b's 2 Aw/Dw is `outside`).
// A blank (lane 0) scores |T|^2/64 and is drawn in T's mean.
static const float both[SCORED_LANES] __attribute__((aligned(32))) = {
    0, 256.0f / 1904, 256.0f / 3008, 256.0f / 1904,
    256.0f / 3008, 256.0f / 3824, 1.0f / 20 + 1.0f / 44, 256.0f / 1904,
    256.0f / 3008, 256.0f / 3824, 1.0f / 40 + 1.0f / 24, 256.0f / 3824,
    1.0f / 20 + 1.0f / 44, 256.0f / 3824, 256.0f / 3008, 256.0f / 1904,
    256.0f / 3440, 256.0f / 3584, 256.0f / 3440, 1.0f / 32 + 1.0f / 32,
    256.0f / 3440, 1.0f / 52 + 1.0f / 12, 256.0f / 3440, 256.0f / 3584,
    256.0f / 3440, 1.0f / 32 + 1.0f / 32, 256.0f / 3440, 256.0f / 3584,
    256.0f / 3440, 256.0f / 3584, 256.0f / 3440, 1.0f / 12 + 1.0f / 52,
    1.0f / 32 + 1.0f / 32, 1.0f / 16 + 1.0f / 48, 1.0f / 16 + 1.0f / 48, 1.0f / 16 + 1.0f / 48,
    1.0f / 16 + 1.0f / 48, 1.0f / 32 + 1.0f / 32, 1.0f / 8 + 1.0f / 56, 1.0f / 16 + 1.0f / 48,
    1.0f / 24 + 1.0f / 40, 1.0f / 40 + 1.0f / 24, 1.0f / 48 + 1.0f / 16, 1.0f / 56 + 1.0f / 8,
    256.0f / 768, 1.0f / 16 + 1.0f / 48, 256.0f / 2816, 256.0f / 2816,
    1.0f / 48 + 1.0f / 16, 256.0f / 768, 256.0f / 1024, 256.0f / 2816,
    256.0f / 768, 256.0f / 1984, 256.0f / 448, 256.0f / 768,
    256.0f / 448, 256.0f / 768, 256.0f / 1136, 256.0f / 1984,
    256.0f / 1136, 256.0f / 1984, 0, 0,
};
static const float outside[SCORED_LANES] __attribute__((aligned(32))) = {
    1.0f / 64, 36.0f / 1904, 72.0f / 3008, 36.0f / 1904,
    72.0f / 3008, 116.0f / 3824, 1.0f / 44, 36.0f / 1904,
    72.0f / 3008, 116.0f / 3824, 1.0f / 24, 116.0f / 3824,
    1.0f / 44, 116.0f / 3824, 72.0f / 3008, 36.0f / 1904,
    84.0f / 3440, 120.0f / 3584, 164.0f / 3440, 1.0f / 32,
    164.0f / 3440, 1.0f / 12, 164.0f / 3440, 120.0f / 3584,
    84.0f / 3440, 1.0f / 32, 164.0f / 3440, 120.0f / 3584,
    84.0f / 3440, 120.0f / 3584, 84.0f / 3440, 1.0f / 52,
    1.0f / 32, 1.0f / 48, 1.0f / 48, 1.0f / 48,
    1.0f / 48, 1.0f / 32, 1.0f / 56, 1.0f / 48,
    1.0f / 40, 1.0f / 24, 1.0f / 16, 1.0f / 8,
    16.0f / 768, 1.0f / 48, 80.0f / 2816, 144.0f / 2816,
    1.0f / 16, 208.0f / 768, 32.0f / 1024, 80.0f / 2816,
    16.0f / 768, 40.0f / 1984, 8.0f / 448, 16.0f / 768,
    8.0f / 448, 16.0f / 768, 20.0f / 1136, 40.0f / 1984,
    20.0f / 1136, 40.0f / 1984, 0, 0,
};
static const float across[SCORED_LANES] __attribute__((aligned(32))) = {
    2 * (1.0f / 64), 80.0f / 1904, 160.0f / 3008, 80.0f / 1904,
    160.0f / 3008, 240.0f / 3824, 2 * (1.0f / 44), 80.0f / 1904,
    160.0f / 3008, 240.0f / 3824, 2 * (1.0f / 24), 240.0f / 3824,
    2 * (1.0f / 44), 240.0f / 3824, 160.0f / 3008, 80.0f / 1904,
    176.0f / 3440, 256.0f / 3584, 336.0f / 3440, 2 * (1.0f / 32),
    336.0f / 3440, 2 * (1.0f / 12), 336.0f / 3440, 256.0f / 3584,
    176.0f / 3440, 2 * (1.0f / 32), 336.0f / 3440, 256.0f / 3584,
    176.0f / 3440, 256.0f / 3584, 176.0f / 3440, 2 * (1.0f / 52),
    2 * (1.0f / 32), 2 * (1.0f / 48), 2 * (1.0f / 48), 2 * (1.0f / 48),
    2 * (1.0f / 48), 2 * (1.0f / 32), 2 * (1.0f / 56), 2 * (1.0f / 48),
    2 * (1.0f / 40), 2 * (1.0f / 24), 2 * (1.0f / 16), 2 * (1.0f / 8),
    64.0f / 768, 2 * (1.0f / 48), 192.0f / 2816, 320.0f / 2816,
    2 * (1.0f / 16), 448.0f / 768, 128.0f / 1024, 192.0f / 2816,
    64.0f / 768, 96.0f / 1984, 32.0f / 448, 64.0f / 768,
    32.0f / 448, 64.0f / 768, 48.0f / 1136, 96.0f / 1984,
    48.0f / 1136, 96.0f / 1984, 0, 0,
};
static const float foreground[SCORED_LANES] __attribute__((aligned(32))) = {
    0, 212.0f / 1904, 168.0f / 3008, 212.0f / 1904,
    168.0f / 3008, 132.0f / 3824, 1.0f / 20, 212.0f / 1904,
    168.0f / 3008, 132.0f / 3824, 1.0f / 40, 132.0f / 3824,
    1.0f / 20, 132.0f / 3824, 168.0f / 3008, 212.0f / 1904,
    164.0f / 3440, 120.0f / 3584, 84.0f / 3440, 1.0f / 32,
    84.0f / 3440, 1.0f / 52, 84.0f / 3440, 120.0f / 3584,
    164.0f / 3440, 1.0f / 32, 84.0f / 3440, 120.0f / 3584,
    164.0f / 3440, 120.0f / 3584, 164.0f / 3440, 1.0f / 12,
    1.0f / 32, 1.0f / 16, 1.0f / 16, 1.0f / 16,
    1.0f / 16, 1.0f / 32, 1.0f / 8, 1.0f / 16,
    1.0f / 24, 1.0f / 40, 1.0f / 48, 1.0f / 56,
    208.0f / 768, 1.0f / 16, 144.0f / 2816, 80.0f / 2816,
    1.0f / 48, 16.0f / 768, 160.0f / 1024, 144.0f / 2816,
    208.0f / 768, 200.0f / 1984, 232.0f / 448, 208.0f / 768,
    232.0f / 448, 208.0f / 768, 228.0f / 1136, 200.0f / 1984,
    228.0f / 1136, 200.0f / 1984, 0, 0,
};
static const float crossed[SCORED_LANES] __attribute__((aligned(32))) = {
    0, 4.0f / 1904, 8.0f / 3008, 4.0f / 1904,
    8.0f / 3008, 4.0f / 3824, 0, 4.0f / 1904,
    8.0f / 3008, 4.0f / 3824, 0, 4.0f / 3824,
    0, 4.0f / 3824, 8.0f / 3008, 4.0f / 1904,
    4.0f / 3440, 8.0f / 3584, 4.0f / 3440, 0,
    4.0f / 3440, 0, 4.0f / 3440, 8.0f / 3584,
    4.0f / 3440, 0, 4.0f / 3440, 8.0f / 3584,
    4.0f / 3440, 8.0f / 3584, 4.0f / 3440, 0,
    0, 0, 0, 0,
    0, 0, 0, 0,
    0, 0, 0, 0,
    16.0f / 768, 0, 16.0f / 2816, 16.0f / 2816,
    0, 16.0f / 768, 32.0f / 1024, 16.0f / 2816,
    16.0f / 768, 8.0f / 1984, 8.0f / 448, 16.0f / 768,
    8.0f / 448, 16.0f / 768, 4.0f / 1136, 8.0f / 1984,
    4.0f / 1136, 8.0f / 1984, 0, 0,
};
// Each lane's sums of the coverages, in samples: A = sum alpha^2 and B = sum alpha (1 - alpha),
// for the error of clamped colours; C = sum (1 - alpha)^2 is 32 - A - 2B (the 32 samples' sum
// of (alpha + (1 - alpha))^2), exact in floats, as every term is a multiple of a half.
static const float squares[SCORED_LANES] __attribute__((aligned(32))) = {
    0, 4.5f, 9, 4.5f, 9, 14.5f, 10, 4.5f,
    9, 14.5f, 20, 14.5f, 10, 14.5f, 9, 4.5f,
    10.5f, 15, 20.5f, 16, 20.5f, 26, 20.5f, 15,
    10.5f, 16, 20.5f, 15, 10.5f, 15, 10.5f, 6,
    16, 8, 8, 8, 8, 16, 4, 8,
    12, 20, 24, 28, 2, 8, 10, 18,
    24, 26, 4, 10, 2, 5, 1, 2,
    1, 2, 2.5f, 5, 2.5f, 5, 0, 0,
};
static const float mixed[SCORED_LANES] __attribute__((aligned(32))) = {
    0, 0.5f, 1, 0.5f, 1, 0.5f, 0, 0.5f,
    1, 0.5f, 0, 0.5f, 0, 0.5f, 1, 0.5f,
    0.5f, 1, 0.5f, 0, 0.5f, 0, 0.5f, 1,
    0.5f, 0, 0.5f, 1, 0.5f, 1, 0.5f, 0,
    0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 2, 0, 2, 2,
    0, 2, 4, 2, 2, 1, 1, 2,
    1, 2, 0.5f, 1, 0.5f, 1, 0, 0,
};
static const int32_t codes[SCORED_LANES] __attribute__((aligned(32))) = {
    63, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47,
    46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31,
    30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
    14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0,
};

// Eight copies of x.
#define SPLAT8(x) ((v8f){(x), (x), (x), (x), (x), (x), (x), (x)})
// A vector of lanes 0-2 (left) and 3-5 (right): left and right added, in lanes 0-2.
#define ACROSS(v) ((v) + __builtin_shufflevector((v), (v), 3, 4, 5, 6, 6, 6, 6, 6))
// Its left lanes, and its right lanes, as [r, g, b, 0].
#define LEFT(v) __builtin_shufflevector((v), (v), 0, 1, 2, 6)
#define RIGHT(v) __builtin_shufflevector((v), (v), 3, 4, 5, 6)

// The best lane for the channel sums `sums` (each lane's foreground S, in half-sample units) of
// a cell whose sums are `all` (T): the largest score
// |S|^2 both - (S.T) across + |T|^2 outside (see the tables), eight lanes at a time. Each score's
// lowest six bits are replaced by its lane's code (a blank's 63, then 62 - lane), so that the
// largest is also the earliest of those within 2^-17 of it. The scores are not negative (up to
// rounding, which only a black cell's could cross, and a blank then wins), so their bits compare
// as integers in the same order. With `clamped`, each lane is scored by what its colours
// clamped to 0-255 fit instead (negative scores then lose to the blank's).
static inline __attribute__((always_inline)) int best_lane(float sums[3][SCORED_LANES], const float all[3], int clamped) {
    v8f allR = SPLAT8(all[0]), allG = SPLAT8(all[1]), allB = SPLAT8(all[2]);
    v8f allNorm = SPLAT8(all[0] * all[0] + all[1] * all[1] + all[2] * all[2]);
    v8i best = {0};
    for (int i = 0; i < SCORED_LANES; i += 8) {
        v8f r, g, b, f1, f3, f3x2;
        v8i code;
        __builtin_memcpy(&r, &sums[0][i], sizeof r);
        __builtin_memcpy(&g, &sums[1][i], sizeof g);
        __builtin_memcpy(&b, &sums[2][i], sizeof b);
        __builtin_memcpy(&f1, &both[i], sizeof f1);
        __builtin_memcpy(&f3, &outside[i], sizeof f3);
        __builtin_memcpy(&f3x2, &across[i], sizeof f3x2);
        __builtin_memcpy(&code, &codes[i], sizeof code);
        v8f score = (r * r + g * g + b * b) * f1 - (r * allR + g * allG + b * allB) * f3x2 + allNorm * f3;
        v8i coded = ((v8i)score & ~63) | code;
        if (clamped) {
            // The colours clamped to 0-255 (unrounded), and the error they remove from sum |p|^2:
            // 2 (f.u + b.v) - sum over channels of (A f^2 + 2 B f b + C b^2), with u and v the
            // sums in samples (S and V are twice them).
            v8f fS, c, a2, ab;
            __builtin_memcpy(&fS, &foreground[i], sizeof fS);
            __builtin_memcpy(&c, &crossed[i], sizeof c);
            __builtin_memcpy(&a2, &squares[i], sizeof a2);
            __builtin_memcpy(&ab, &mixed[i], sizeof ab);
            v8f b2 = SPLAT8(32.0f) - a2 - (ab + ab);
            v8f vr = allR - r, vg = allG - g, vb = allB - b, low = SPLAT8(0.0f), high = SPLAT8(255.0f);
#define CLAMP(x) __builtin_elementwise_min(__builtin_elementwise_max((x), low), high)
            v8f fr = CLAMP(r * fS - vr * c), fg = CLAMP(g * fS - vg * c), fb = CLAMP(b * fS - vb * c);
            v8f br = CLAMP(vr * f3 - r * c), bg = CLAMP(vg * f3 - g * c), bb = CLAMP(vb * f3 - b * c);
#undef CLAMP
            v8f removed = (fr * r + fg * g + fb * b) + (br * vr + bg * vg + bb * vb);
            v8f cost = (fr * fr + fg * fg + fb * fb) * a2 + (fr * br + fg * bg + fb * bb) * (ab + ab) + (br * br + bg * bg + bb * bb) * b2;
            v8f kept = removed - cost;
            coded = ((v8i)kept & ~63) | code;
        }
        best = __builtin_elementwise_max(best, coded);
    }
    int code = __builtin_reduce_max(best) & 63;
    return code == 63 ? 0 : 62 - code;
}

// The colours of lane `lane`, as [fg r, g, b, 0.5, bg r, g, b, 0.5] plus a half, unclamped:
// f = S f_S - V c and b = V o - S c (see the tables), V = T - S. Where c is 0 (a split of whole
// samples, and the blank) this is S / n1 and V / n2 exactly.
static inline __attribute__((always_inline)) v8f colours(float sums[3][SCORED_LANES], const float all[3], int lane) {
    float r = lane == 0 ? 0 : sums[0][lane], g = lane == 0 ? 0 : sums[1][lane], b = lane == 0 ? 0 : sums[2][lane];
    float fS = foreground[lane], c = crossed[lane], o = outside[lane];
    v8f parts = {r, g, b, 0, all[0] - r, all[1] - g, all[2] - b, 0};
    v8f swapped = __builtin_shufflevector(parts, parts, 4, 5, 6, 7, 0, 1, 2, 3);
    v8f own = {fS, fS, fS, 0, o, o, o, 0}, other = {c, c, c, 0, c, c, c, 0};
    return (parts * own - swapped * other) + SPLAT8(0.5f);
}

// A cell's fit halfway: every lane's foreground sums, the cell's, and the best lane by the
// unclamped scores (fit_front), for fit_back to finish. Split so that a row's loop can start on
// the next cell's sums before it finishes this one's colours, which wait on the lane.
typedef struct {
    float sums[3][SCORED_LANES] __attribute__((aligned(32)));
    float all[3];
    int lane;
} fit_state;

// The fit's body, built twice below: for AVX2 and for plain x86-64. Its first half.
static inline __attribute__((always_inline)) void fit_front(const uint8_t *origin, ptrdiff_t stride, fit_state *state) {
    // Each sample row as [left pair r g b, right pair r g b, 0, 0] (a pair's two samples added),
    // and the first and third columns' sums the same way (also over the upper four rows alone).
    v8s rows[8], columns = {0}, columnsUp = {0};
    for (int y = 0; y < 8; y++) {
        v16b raw = {0};
        __builtin_memcpy(&raw, origin + y * stride, 12);
        v8s a = __builtin_convertvector(__builtin_shufflevector(raw, raw, 0, 1, 2, 6, 7, 8, 12, 12), v8s);
        v8s b = __builtin_convertvector(__builtin_shufflevector(raw, raw, 3, 4, 5, 9, 10, 11, 12, 12), v8s);
        rows[y] = a + b;
        columns += a;
        if (y == 3) columnsUp = columns;
    }
    // In half-sample units (a whole sample counts twice): the parts' sums, left in lanes 0-2 and
    // right in lanes 3-5.
    v8s top16 = (rows[0] + rows[1]) * 2 + rows[2], middle16 = rows[2] + (rows[3] + rows[4]) * 2;
    v8s bottom16 = (rows[5] + rows[6] + rows[7]) * 2;
    v8s upper16 = (rows[0] + rows[1] + rows[2] + rows[3]) * 2, halves16 = upper16 + (rows[4] + rows[5] + rows[6] + rows[7]) * 2;
    v8s e1s = rows[7] * 2, e2s = e1s + rows[6] * 2, e3s = e2s + rows[5] * 2, e5s = e3s + (rows[4] + rows[3]) * 2;
    v8s e6s = e5s + rows[2] * 2, e7s = e6s + rows[1] * 2;
    // Left and right added, in lanes 0-2.
    v8f top = __builtin_convertvector(top16, v8f), middle = __builtin_convertvector(middle16, v8f);
    v8f bottom = __builtin_convertvector(bottom16, v8f), upper = __builtin_convertvector(upper16, v8f);
    v8f halves = __builtin_convertvector(halves16, v8f), lower = halves - upper;
    v8f e1 = __builtin_convertvector(ACROSS(e1s), v8f), e2 = __builtin_convertvector(ACROSS(e2s), v8f);
    v8f e3 = __builtin_convertvector(ACROSS(e3s), v8f), e5 = __builtin_convertvector(ACROSS(e5s), v8f);
    v8f e6 = __builtin_convertvector(ACROSS(e6s), v8f), e7 = __builtin_convertvector(ACROSS(e7s), v8f);
    v8f columnsF = __builtin_convertvector(columns, v8f);
    v8f totals = ACROSS(halves);
    float (*sums)[SCORED_LANES] = state->sums;
    float *all = state->all;
    all[0] = totals[0];
    all[1] = totals[1];
    all[2] = totals[2];
    // The sextant lanes 8g + j of a channel: bases[2g + j / 4] + corners[j], with
    // corners = {0, tl, tl + tr, tr, tr, tl + tr, tl, 0} and
    // bases = {0, ml, ml + mr, mr, mr + bl, ml + mr + bl, ml + bl, bl}, built as sums of the
    // parts times 0 or 1. Every value is a whole number below 2^24, so each sum is exact and the
    // same whatever the order of the additions.
    const v8f inA = {0, 1, 1, 0, 0, 1, 1, 0}, inB = {0, 0, 1, 1, 1, 1, 0, 0}, inC = {0, 0, 0, 0, 1, 1, 1, 1};
#define SEXTANT_LANES(c)                                                                             \
    {                                                                                                \
        v8f tl = __builtin_shufflevector(top, top, c, c, c, c, c, c, c, c);                          \
        v8f tr = __builtin_shufflevector(top, top, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3); \
        v8f ml = __builtin_shufflevector(middle, middle, c, c, c, c, c, c, c, c);                    \
        v8f mr = __builtin_shufflevector(middle, middle, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3, c + 3); \
        v8f bl = __builtin_shufflevector(bottom, bottom, c, c, c, c, c, c, c, c);                    \
        v8f corners = tl * inA + tr * inB, bases = ml * inA + mr * inB + bl * inC;                   \
        v8f g0 = __builtin_shufflevector(bases, bases, 0, 0, 0, 0, 1, 1, 1, 1) + corners;            \
        v8f g1 = __builtin_shufflevector(bases, bases, 2, 2, 2, 2, 3, 3, 3, 3) + corners;            \
        v8f g2 = __builtin_shufflevector(bases, bases, 4, 4, 4, 4, 5, 5, 5, 5) + corners;            \
        v8f g3 = __builtin_shufflevector(bases, bases, 6, 6, 6, 6, 7, 7, 7, 7) + corners;            \
        __builtin_memcpy(&sums[c][0], &g0, sizeof g0);                                               \
        __builtin_memcpy(&sums[c][8], &g1, sizeof g1);                                               \
        __builtin_memcpy(&sums[c][16], &g2, sizeof g2);                                              \
        __builtin_memcpy(&sums[c][24], &g3, sizeof g3);                                              \
    }
    SEXTANT_LANES(0)
    SEXTANT_LANES(1)
    SEXTANT_LANES(2)
#undef SEXTANT_LANES

    // The other splits' sums, each as [r, g, b, 0], then turned into rows of four lanes a channel.
    // The lines (kitty's light 2 px and heavy 3 px, from pixel 3 of 8 across or 7 of 16 down)
    // cover half of a sample where they take one of its two pixels, so they count it once: a
    // light line half of the samples on either side of the middle, a heavy one half of the first
    // and all of the second.
    {
        v4f h0 = LEFT(columnsF), h1 = LEFT(halves) * 0.5f - h0, h2 = RIGHT(columnsF), total = LEFT(totals);
        v4f d0 = h0 * 2, d01 = d0 + h1 * 2, d012 = d01 + h2 * 2, zero = {0, 0, 0, 0};
        // The second and third columns over the upper four rows and the lower four, in samples;
        // rows 3 and 4 (the horizontal lines' rows) as pairs.
        v8f columnsUpF = __builtin_convertvector(columnsUp, v8f);
        v4f u1 = LEFT(upper) * 0.5f - LEFT(columnsUpF), u2 = RIGHT(columnsUpF), l1 = h1 - u1, l2 = h2 - u2;
        v8f light = __builtin_convertvector(rows[3] + rows[4], v8f), heavy = __builtin_convertvector(rows[3] + rows[4] * 2, v8f);
        v4f x[32] = {
            LEFT(upper) + RIGHT(upper), LEFT(upper), RIGHT(upper), LEFT(lower), RIGHT(lower), LEFT(upper) + RIGHT(lower),
            LEFT(e1), LEFT(e2), LEFT(e3), LEFT(e5), LEFT(e6), LEFT(e7),
            h0, d0, d0 + h1, d01 + h2, d012, d012 + (total - d012) * 0.5f,
            h1 + h2, h1 + h2 * 2, LEFT(light) + RIGHT(light), LEFT(heavy) + RIGHT(heavy),
            LEFT(light), u1 + u2, RIGHT(light), l1 + l2,
            LEFT(heavy), u1 + u2 * 2, RIGHT(heavy), l1 + l2 * 2,
            zero, zero,
        };
        for (int k = 0; k < 8; k++) {
            v4f *q = &x[4 * k];
            v4f t0 = __builtin_shufflevector(q[0], q[1], 0, 4, 1, 5), t1 = __builtin_shufflevector(q[2], q[3], 0, 4, 1, 5);
            v4f t2 = __builtin_shufflevector(q[0], q[1], 2, 6, 3, 7), t3 = __builtin_shufflevector(q[2], q[3], 2, 6, 3, 7);
            v4f red = __builtin_shufflevector(t0, t1, 0, 1, 4, 5), green = __builtin_shufflevector(t0, t1, 2, 3, 6, 7);
            v4f blue = __builtin_shufflevector(t2, t3, 0, 1, 4, 5);
            __builtin_memcpy(&sums[0][32 + 4 * k], &red, sizeof red);
            __builtin_memcpy(&sums[1][32 + 4 * k], &green, sizeof green);
            __builtin_memcpy(&sums[2][32 + 4 * k], &blue, sizeof blue);
        }
    }
    state->lane = best_lane(sums, all, 0);
}

// The fit's second half: the colours of the lane fit_front chose, scored again clamped if they
// are out of range.
static inline __attribute__((always_inline)) reel_cell_fit fit_back(fit_state *state) {
    float (*sums)[SCORED_LANES] = state->sums;
    const float *all = state->all;
    int lane = state->lane;
    v8f v = colours(sums, all, lane);
    // A split that covers samples partly can ask for colours beyond 0-255 (a half-covered sample
    // of 255 on 0 asks for 510), which clamped can show far worse than its score: then every
    // split is scored again by what its clamped colours fit (a split whose colours are in range
    // scores the same both ways, so a winner in range is the best of these too). Rare in
    // pictures (under 3 % of the stills' cells), so the fast loop does not look.
    // (Lanes 3 and 7 hold 0.5, never out of range, so all eight lanes can be asked at once.)
    v8i out = (v < SPLAT8(0.0f)) | (v >= SPLAT8(256.0f));
    if (__builtin_reduce_or(out)) {
        lane = best_lane(sums, all, 1);
        v = colours(sums, all, lane);
    }

    reel_cell_fit fit;
    fit.split = (uint8_t)lane;
    v = __builtin_elementwise_min(__builtin_elementwise_max(v, SPLAT8(0.0f)), SPLAT8(255.0f));
    v8i bytes = __builtin_convertvector(v, v8i);
    for (int c = 0; c < 3; c++) {
        fit.fg[c] = (uint8_t)bytes[c];
        fit.bg[c] = (uint8_t)bytes[4 + c];
    }
    return fit;
}

// The whole fit of one cell.
static inline __attribute__((always_inline)) reel_cell_fit fit_sextant(const uint8_t *origin, ptrdiff_t stride) {
    fit_state state;
    fit_front(origin, stride, &state);
    return fit_back(&state);
}

// A row's fits, each cell's sums and lane worked out before the last cell's colours (which wait
// on that cell's lane), so that the processor has the next cell's work at hand while it waits: the
// same fits as fit_sextant's, cell by cell. `store` takes each fit and its cell's index.
#define FIT_ROW(origin, stride, count, store)                                                      \
    do {                                                                                           \
        fit_state states[2];                                                                       \
        if ((count) > 0) fit_front((origin), (stride), &states[0]);                                \
        for (ptrdiff_t i = 0; i < (count); i++) {                                                  \
            if (i + 1 < (count)) fit_front((origin) + 12 * (i + 1), (stride), &states[(i + 1) & 1]); \
            reel_cell_fit fit = fit_back(&states[i & 1]);                                          \
            store;                                                                                 \
        }                                                                                          \
    } while (0)

// Eight cells' fits at once, side by side from `origin` (each 4 samples right of the last): the
// same fits as fit_sextant's, cell by cell, with the cells in the vectors' lanes instead of the
// splits. Every split's sums are whole numbers or halves below 2^24, so they are the same floats
// however they are added up; every score is worked out by the same operations in the same order
// as best_lane's; so the same split wins, with the same colours. A cell whose colours fall out of
// range (which best_lane then scores again clamped) is fitted alone by fit_sextant.
//
// The cells' samples are turned around (transpose8) once, as each cell's row sums; then every
// split's sums are a few additions of those, and each of the 62 splits is scored with no
// shuffles at all; the winners' colours and cell records are worked out in the vectors too. The
// fit of a 200x60 frame took 1.19 ms a cell at a time, whose sums had to be moved into the lanes
// of each split, and 0.86 ms so (photo-pan, alternated ten times).

// Transposes eight vectors of eight 16-bit lanes: out[j] lane k is in[k] lane j.
static inline __attribute__((always_inline)) void transpose8(const v8s *in, v8s *out) {
    v8s a0 = __builtin_shufflevector(in[0], in[1], 0, 8, 1, 9, 2, 10, 3, 11);
    v8s a1 = __builtin_shufflevector(in[0], in[1], 4, 12, 5, 13, 6, 14, 7, 15);
    v8s a2 = __builtin_shufflevector(in[2], in[3], 0, 8, 1, 9, 2, 10, 3, 11);
    v8s a3 = __builtin_shufflevector(in[2], in[3], 4, 12, 5, 13, 6, 14, 7, 15);
    v8s a4 = __builtin_shufflevector(in[4], in[5], 0, 8, 1, 9, 2, 10, 3, 11);
    v8s a5 = __builtin_shufflevector(in[4], in[5], 4, 12, 5, 13, 6, 14, 7, 15);
    v8s a6 = __builtin_shufflevector(in[6], in[7], 0, 8, 1, 9, 2, 10, 3, 11);
    v8s a7 = __builtin_shufflevector(in[6], in[7], 4, 12, 5, 13, 6, 14, 7, 15);
    // a0 = [k0j0 k1j0 k0j1 k1j1 k0j2 k1j2 k0j3 k1j3], as 32-bit pairs.
    v8s b0 = __builtin_shufflevector(a0, a2, 0, 1, 8, 9, 2, 3, 10, 11);   // j0 k0-3, j1 k0-3
    v8s b1 = __builtin_shufflevector(a0, a2, 4, 5, 12, 13, 6, 7, 14, 15); // j2, j3
    v8s b2 = __builtin_shufflevector(a1, a3, 0, 1, 8, 9, 2, 3, 10, 11);   // j4, j5
    v8s b3 = __builtin_shufflevector(a1, a3, 4, 5, 12, 13, 6, 7, 14, 15); // j6, j7
    v8s b4 = __builtin_shufflevector(a4, a6, 0, 1, 8, 9, 2, 3, 10, 11);
    v8s b5 = __builtin_shufflevector(a4, a6, 4, 5, 12, 13, 6, 7, 14, 15);
    v8s b6 = __builtin_shufflevector(a5, a7, 0, 1, 8, 9, 2, 3, 10, 11);
    v8s b7 = __builtin_shufflevector(a5, a7, 4, 5, 12, 13, 6, 7, 14, 15);
    out[0] = __builtin_shufflevector(b0, b4, 0, 1, 2, 3, 8, 9, 10, 11);
    out[1] = __builtin_shufflevector(b0, b4, 4, 5, 6, 7, 12, 13, 14, 15);
    out[2] = __builtin_shufflevector(b1, b5, 0, 1, 2, 3, 8, 9, 10, 11);
    out[3] = __builtin_shufflevector(b1, b5, 4, 5, 6, 7, 12, 13, 14, 15);
    out[4] = __builtin_shufflevector(b2, b6, 0, 1, 2, 3, 8, 9, 10, 11);
    out[5] = __builtin_shufflevector(b2, b6, 4, 5, 6, 7, 12, 13, 14, 15);
    out[6] = __builtin_shufflevector(b3, b7, 0, 1, 2, 3, 8, 9, 10, 11);
    out[7] = __builtin_shufflevector(b3, b7, 4, 5, 6, 7, 12, 13, 14, 15);
}

// Eight cells' fits, lane k for cell k.
typedef struct {
    /// Each cell's split (see reel_cell_fit).
    v8i lane;
    /// Its colours' channels, each a byte in a lane (where the cell is inside the range).
    v8i fg[3], bg[3];
    /// Bit k set where cell k's colours fell out of range: fit_sextant fits it alone.
    int outside;
} eight_fits;

// fit_eight: the fits of the eight cells from `origin`, into `fits`.
static inline __attribute__((always_inline)) void fit_eight(const uint8_t *origin, ptrdiff_t stride, eight_fits *fits) {
    // Each cell's sample rows as fit_front takes them (pairs added), and its first and third
    // columns (also over the upper four rows), turned so that each vector holds eight cells.
    v8s feature[10][8];
    for (int k = 0; k < 8; k++) {
        const uint8_t *cell = origin + 12 * k;
        v8s columns = {0}, columnsUp = {0};
        for (int y = 0; y < 8; y++) {
            v16b raw = {0};
            __builtin_memcpy(&raw, cell + y * stride, 12);
            v8s a = __builtin_convertvector(__builtin_shufflevector(raw, raw, 0, 1, 2, 6, 7, 8, 12, 12), v8s);
            v8s b = __builtin_convertvector(__builtin_shufflevector(raw, raw, 3, 4, 5, 9, 10, 11, 12, 12), v8s);
            feature[y][k] = a + b;
            columns += a;
            if (y == 3) columnsUp = columns;
        }
        feature[8][k] = columns;
        feature[9][k] = columnsUp;
    }
    v8f f[10][6];
    for (int n = 0; n < 10; n++) {
        v8s t[8];
        transpose8(feature[n], t);
        #pragma clang loop unroll(full)
        for (int j = 0; j < 6; j++) f[n][j] = __builtin_convertvector(t[j], v8f);
    }
    // Every split's sums, channel by channel, as fit_front works them out.
    v8f sums[SCORED_LANES - 2][3], all[3];
    for (int c = 0; c < 3; c++) {
        const int l = c, r = c + 3;
        v8f two = SPLAT8(2.0f), half = SPLAT8(0.5f);
        v8f tl = (f[0][l] + f[1][l]) * two + f[2][l], tr = (f[0][r] + f[1][r]) * two + f[2][r];
        v8f ml = f[2][l] + (f[3][l] + f[4][l]) * two, mr = f[2][r] + (f[3][r] + f[4][r]) * two;
        v8f bl = (f[5][l] + f[6][l] + f[7][l]) * two;
        v8f upperL = (f[0][l] + f[1][l] + f[2][l] + f[3][l]) * two;
        v8f upperR = (f[0][r] + f[1][r] + f[2][r] + f[3][r]) * two;
        v8f halvesL = upperL + (f[4][l] + f[5][l] + f[6][l] + f[7][l]) * two;
        v8f halvesR = upperR + (f[4][r] + f[5][r] + f[6][r] + f[7][r]) * two;
        v8f lowerL = halvesL - upperL, lowerR = halvesR - upperR, total = halvesL + halvesR;
        all[c] = total;
        v8f zero = SPLAT8(0.0f);
        v8f corners[8] = {zero, tl, tl + tr, tr, tr, tl + tr, tl, zero};
        v8f bases[8] = {zero, ml, ml + mr, mr, mr + bl, ml + mr + bl, ml + bl, bl};
        #pragma clang loop unroll(full)
        for (int lane = 0; lane < 32; lane++) sums[lane][c] = bases[lane >> 2] + corners[lane & 7];
        v8f e1 = f[7][l] * two + f[7][r] * two;
        v8f e2 = e1 + (f[6][l] + f[6][r]) * two, e3 = e2 + (f[5][l] + f[5][r]) * two;
        v8f e5 = e3 + (f[4][l] + f[4][r] + f[3][l] + f[3][r]) * two;
        v8f e6 = e5 + (f[2][l] + f[2][r]) * two, e7 = e6 + (f[1][l] + f[1][r]) * two;
        v8f h0 = f[8][l], h1 = halvesL * half - h0, h2 = f[8][r];
        v8f d0 = h0 * two, d01 = d0 + h1 * two, d012 = d01 + h2 * two;
        v8f u1 = upperL * half - f[9][l], u2 = f[9][r], l1 = h1 - u1, l2 = h2 - u2;
        v8f lightL = f[3][l] + f[4][l], lightR = f[3][r] + f[4][r];
        v8f heavyL = f[3][l] + f[4][l] * two, heavyR = f[3][r] + f[4][r] * two;
        v8f other[30] = {
            upperL + upperR, upperL, upperR, lowerL, lowerR, upperL + lowerR,
            e1, e2, e3, e5, e6, e7,
            h0, d0, d0 + h1, d01 + h2, d012, d012 + (total - d012) * half,
            h1 + h2, h1 + h2 * two, lightL + lightR, heavyL + heavyR,
            lightL, u1 + u2, lightR, l1 + l2,
            heavyL, u1 + u2 * two, heavyR, l1 + l2 * two,
        };
        #pragma clang loop unroll(full)
        for (int lane = 0; lane < 30; lane++) sums[32 + lane][c] = other[lane];
    }
    // The scores, as best_lane's (unclamped).
    v8f allNorm = all[0] * all[0] + all[1] * all[1] + all[2] * all[2];
    v8i best = {0};
    #pragma clang loop unroll(full)
    for (int lane = 0; lane < SCORED_LANES - 2; lane++) {
        v8f r = sums[lane][0], g = sums[lane][1], b = sums[lane][2];
        v8f score = (r * r + g * g + b * b) * SPLAT8(both[lane])
            - (r * all[0] + g * all[1] + b * all[2]) * SPLAT8(across[lane]) + allNorm * SPLAT8(outside[lane]);
        v8i coded = ((v8i)score & ~63) | codes[lane];
        best = __builtin_elementwise_max(best, coded);
    }
    // Each cell's split, and its colours as fit_back works them out (colours): f = S f_S - V c
    // and b = V o - S c, plus a half, V = T - S.
    v8i code = best & 63;
    v8i lanes = ~(code == 63) & (62 - code);
    v8f lit[3], shares[3];
    for (int k = 0; k < 8; k++) {
        int lane = lanes[k];
        for (int c = 0; c < 3; c++) lit[c][k] = sums[lane][c][k];
        shares[0][k] = foreground[lane];
        shares[1][k] = crossed[lane];
        shares[2][k] = outside[lane];
    }
    v8i out = {0};
    for (int c = 0; c < 3; c++) {
        v8f unlit = all[c] - lit[c];
        v8f fg = (lit[c] * shares[0] - unlit * shares[1]) + SPLAT8(0.5f);
        v8f bg = (unlit * shares[2] - lit[c] * shares[1]) + SPLAT8(0.5f);
        out |= (fg < SPLAT8(0.0f)) | (fg >= SPLAT8(256.0f)) | (bg < SPLAT8(0.0f)) | (bg >= SPLAT8(256.0f));
        // (Out of range, only to be thrown away: the values are far inside an int's.)
        fits->fg[c] = __builtin_convertvector(fg, v8i);
        fits->bg[c] = __builtin_convertvector(bg, v8i);
    }
    fits->lane = lanes;
    fits->outside = 0;
    for (int k = 0; k < 8; k++) fits->outside |= (out[k] != 0) << k;
}

// Cell `k` of `fits` as a reel_cell_fit (meaningless for a cell outside the range).
static inline __attribute__((always_inline)) reel_cell_fit eight_fit(const eight_fits *fits, int k) {
    reel_cell_fit fit;
    fit.split = (uint8_t)fits->lane[k];
    for (int c = 0; c < 3; c++) {
        fit.fg[c] = (uint8_t)fits->fg[c][k];
        fit.bg[c] = (uint8_t)fits->bg[c][k];
    }
    return fit;
}

// The eight cells of `fits` as cell records (see store_cell) into `cells`; those outside the
// range are meaningless, for the caller to fit alone and overwrite.
static inline __attribute__((always_inline)) void store_eight(const eight_fits *fits, uint8_t *cells) {
    v8i blank = (fits->lane == 0) | ((fits->fg[0] == fits->bg[0]) & (fits->fg[1] == fits->bg[1]) & (fits->fg[2] == fits->bg[2]));
    v8i glyph;
    for (int k = 0; k < 8; k++) glyph[k] = (int32_t)reel_sextant_lane_glyphs[fits->lane[k]];
    glyph = (blank & 0x20) | (~blank & glyph);
    v8i shown[3];
    for (int c = 0; c < 3; c++) shown[c] = (blank & fits->bg[c]) | (~blank & fits->fg[c]);
    // Bytes 4-7 of a record (the foreground, and the background's red) and 8-11 (its green and
    // blue, the attributes and the padding).
    v8i first = shown[0] | shown[1] << 8 | shown[2] << 16 | fits->bg[0] << 24, second = fits->bg[1] | fits->bg[2] << 8;
    // Interleaved: glyph, first, second, cell after cell (those outside the range too, which
    // their own fits then overwrite).
    v8i pairs0 = __builtin_shufflevector(glyph, first, 0, 8, 0, 1, 9, 1, 2, 10);
    v8i pairs1 = __builtin_shufflevector(glyph, first, 2, 3, 11, 3, 4, 12, 4, 5);
    v8i pairs2 = __builtin_shufflevector(glyph, first, 13, 5, 6, 14, 6, 7, 15, 7);
    v8i words[3] = {
        __builtin_shufflevector(pairs0, second, 0, 1, 8, 3, 4, 9, 6, 7),
        __builtin_shufflevector(pairs1, second, 10, 1, 2, 11, 4, 5, 12, 7),
        __builtin_shufflevector(pairs2, second, 0, 13, 2, 3, 14, 5, 6, 15),
    };
    __builtin_memcpy(cells, words, sizeof words);
}

// Whether the eight cells from `origin` are all of one colour (the letterbox's bars, a dark or flat
// picture), and if so their records into `cells`: each a blank of that colour, as every colour's
// fit is (checked for all 2^24 of them). Most eights differ within their first row's 32 bytes.
static inline __attribute__((always_inline)) int store_if_one_colour(const uint8_t *origin, ptrdiff_t stride, uint8_t *cells) {
    typedef uint8_t v32b __attribute__((vector_size(32)));
    v32b x0, x1, x2, y0, y1, y2;
    // The first row repeats its first sample: bytes 3-95 are bytes 0-92.
    __builtin_memcpy(&x0, origin, 32);
    __builtin_memcpy(&x1, origin + 32, 32);
    __builtin_memcpy(&x2, origin + 64, 32);
    __builtin_memcpy(&y0, origin + 3, 32);
    __builtin_memcpy(&y1, origin + 35, 32);
    __builtin_memcpy(&y2, origin + 61, 32);
    if (__builtin_reduce_or((x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2))) return 0;
    // And every other row is the first.
    for (int y = 1; y < 8; y++) {
        __builtin_memcpy(&y0, origin + y * stride, 32);
        __builtin_memcpy(&y1, origin + y * stride + 32, 32);
        __builtin_memcpy(&y2, origin + y * stride + 64, 32);
        if (__builtin_reduce_or((x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2))) return 0;
    }
    uint32_t r = origin[0], g = origin[1], b = origin[2];
    uint32_t words[3] = {0x20, r | g << 8 | b << 16 | r << 24, g | b << 8};
    for (int k = 0; k < 8; k++) __builtin_memcpy(cells + 12 * k, words, 12);
    return 1;
}

// A row's fits eight cells at a time (the last eight overlapping the eight before where the row
// is not a multiple of eight; a row of fewer than eight fitted cell by cell): the same fits as
// FIT_ROW's. `shortcut`, given the eight's first index (`eight_first`), may store the eight itself
// and be true, for them not to be fitted. `store_all` takes each eight's fits (`eight`),
// and `store` then each fit of a cell outside the range (`fit`, its index `i`), fitted alone. The
// macro's own names start with eight_, so that they hide none of the caller's.
#define FIT_ROW_EIGHT(origin, stride, count, store, store_all, shortcut)                            \
    do {                                                                                             \
        if ((count) < 8) {                                                                           \
            FIT_ROW((origin), (stride), (count), store);                                             \
            break;                                                                                   \
        }                                                                                            \
        for (ptrdiff_t eight_first = 0; eight_first < (count); eight_first += 8) {                   \
            if (eight_first + 8 > (count)) eight_first = (count) - 8;                                \
            if (shortcut) continue;                                                                  \
            eight_fits eight;                                                                        \
            fit_eight((origin) + 12 * eight_first, (stride), &eight);                                \
            store_all;                                                                               \
            for (int eight_k = 0; eight_k < 8; eight_k++) {                                          \
                if (!((eight.outside >> eight_k) & 1)) continue;                                     \
                ptrdiff_t i = eight_first + eight_k;                                                 \
                reel_cell_fit fit = fit_sextant((origin) + 12 * i, (stride));                        \
                store;                                                                               \
            }                                                                                        \
        }                                                                                            \
    } while (0)

__attribute__((target("avx2"))) static reel_cell_fit fit_sextant_avx2(const uint8_t *origin, ptrdiff_t stride) {
    return fit_sextant(origin, stride);
}

static reel_cell_fit fit_sextant_plain(const uint8_t *origin, ptrdiff_t stride) { return fit_sextant(origin, stride); }

// A row of cells in one call, so that the fit's constants stay in registers from cell to cell.
__attribute__((target("avx2"))) static void fit_sextant_row_avx2(const uint8_t *origin, ptrdiff_t stride,
                                                                  ptrdiff_t count, reel_cell_fit *fits) {
    FIT_ROW_EIGHT(origin, stride, count, fits[i] = fit,
                  for (int k = 0; k < 8; k++) fits[eight_first + k] = eight_fit(&eight, k), 0);
}

static void fit_sextant_row_plain(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, reel_cell_fit *fits) {
    FIT_ROW_EIGHT(origin, stride, count, fits[i] = fit,
                  for (int k = 0; k < 8; k++) fits[eight_first + k] = eight_fit(&eight, k), 0);
}

// A fit as a cell record (see reel_fit_sextant_row_cells).
static inline __attribute__((always_inline)) void store_cell(reel_cell_fit fit, uint8_t *cell) {
    reel_store_sextant_cell(fit, cell);
}

__attribute__((target("avx2"))) static void fit_sextant_cells_avx2(const uint8_t *origin, ptrdiff_t stride,
                                                                    ptrdiff_t count, uint8_t *cells) {
    FIT_ROW_EIGHT(origin, stride, count, store_cell(fit, cells + 12 * i), store_eight(&eight, cells + 12 * eight_first),
                  store_if_one_colour(origin + 12 * eight_first, stride, cells + 12 * eight_first));
}

static void fit_sextant_cells_plain(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, uint8_t *cells) {
    FIT_ROW_EIGHT(origin, stride, count, store_cell(fit, cells + 12 * i), store_eight(&eight, cells + 12 * eight_first),
                  store_if_one_colour(origin + 12 * eight_first, stride, cells + 12 * eight_first));
}

// Whether the processor runs AVX2: 1 or 0 once known, -1 before. Relaxed atomics: threads that
// race to find out all find the same answer.
static int has_avx2 = -1;

// The AVX2 build where the processor has it (the eight-lane vectors then take one instruction
// where plain SSE takes two), else the plain one. Both do the same arithmetic in the same order
// (no fused multiply-adds), so they give the same fits. Chosen here, at the first call, not by an
// ifunc (target_clones): the loader runs an ifunc's resolver before a sanitizer's runtime is set
// up, and ThreadSanitizer's instrumented resolver then crashed every test binary at start.
static inline int runs_avx2(void) {
    int avx2 = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (avx2 < 0) {
        __builtin_cpu_init();
        avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&has_avx2, avx2, __ATOMIC_RELAXED);
    }
    return avx2;
}

reel_cell_fit reel_fit_sextant(const uint8_t *origin, ptrdiff_t stride) {
    return runs_avx2() ? fit_sextant_avx2(origin, stride) : fit_sextant_plain(origin, stride);
}

reel_cell_fit reel_fit_sextant_plain(const uint8_t *origin, ptrdiff_t stride) { return fit_sextant_plain(origin, stride); }

void reel_fit_sextant_row_cells(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, void *cells) {
    if (runs_avx2()) {
        fit_sextant_cells_avx2(origin, stride, count, cells);
    } else {
        fit_sextant_cells_plain(origin, stride, count, cells);
    }
}

void reel_fit_sextant_row(const uint8_t *origin, ptrdiff_t stride, ptrdiff_t count, reel_cell_fit *fits) {
    if (runs_avx2()) {
        fit_sextant_row_avx2(origin, stride, count, fits);
    } else {
        fit_sextant_row_plain(origin, stride, count, fits);
    }
}

reel_cell_fit reel_fit_octant(const uint8_t *origin, ptrdiff_t stride) {
    // The eight parts' sums, by channel, in samples.
    int32_t parts[8][3] = {{0}};
    for (int y = 0; y < 8; y++) {
        const uint8_t *p = origin + y * stride;
        int part = (y / 2) * 2;
        for (int c = 0; c < 3; c++) {
            parts[part][c] += p[c] + p[3 + c];
            parts[part + 1][c] += p[6 + c] + p[9 + c];
        }
    }
    int64_t total[3] = {0, 0, 0};
    for (int i = 0; i < 8; i++) for (int c = 0; c < 3; c++) total[c] += parts[i][c];
    reel_cell_fit fit = {0, {0, 0, 0}, {0, 0, 0}};
    for (int c = 0; c < 3; c++) fit.fg[c] = fit.bg[c] = (uint8_t)((total[c] + 16) / 32);

    // The two parts farthest apart, and each part's place along the line between them (in 32
    // bits: a part's sums are at most 1,020 a channel).
    int from = 0, to = 0;
    int32_t farthest = 0;
    for (int i = 0; i < 7; i++) {
        for (int j = i + 1; j < 8; j++) {
            int32_t dr = parts[i][0] - parts[j][0], dg = parts[i][1] - parts[j][1], db = parts[i][2] - parts[j][2];
            int32_t d = dr * dr + dg * dg + db * db;
            int further = d > farthest;
            farthest = further ? d : farthest;
            from = further ? i : from;
            to = further ? j : to;
        }
    }
    if (farthest == 0) return fit;
    int32_t axis[3], key[8];
    for (int c = 0; c < 3; c++) axis[c] = parts[to][c] - parts[from][c];
    for (int i = 0; i < 8; i++) key[i] = parts[i][0] * axis[0] + parts[i][1] * axis[1] + parts[i][2] * axis[2];
    int order[8];
    for (int i = 0; i < 8; i++) {
        int place = 0;
        for (int j = 0; j < 8; j++) place += (key[j] < key[i]) | ((key[j] == key[i]) & (j < i));
        order[place] = i;
    }
    // The best split of that order: (|S1|^2 n2 + |S2|^2 n1) / (n1 n2), compared exactly.
    int64_t bestNumerator = 0, bestDenominator = 32, sum[3] = {0, 0, 0}, bestSum[3] = {0, 0, 0};
    for (int c = 0; c < 3; c++) bestNumerator += total[c] * total[c];
    int bestCount = 0, pattern = 0, bestPattern = 0;
    for (int k = 1; k < 8; k++) {
        int part = order[k - 1];
        pattern |= 1 << part;
        int64_t inside = 0, outside = 0;
        for (int c = 0; c < 3; c++) {
            sum[c] += parts[part][c];
            inside += sum[c] * sum[c];
            outside += (total[c] - sum[c]) * (total[c] - sum[c]);
        }
        int64_t numerator = inside * (8 - k) + outside * k, denominator = 4 * k * (8 - k);
        if (numerator * bestDenominator > bestNumerator * denominator) {
            bestNumerator = numerator;
            bestDenominator = denominator;
            bestCount = k;
            bestPattern = pattern;
            for (int c = 0; c < 3; c++) bestSum[c] = sum[c];
        }
    }
    if (bestCount == 0) return fit;
    fit.split = (uint8_t)bestPattern;
    int64_t n1 = 4 * bestCount, n2 = 4 * (8 - bestCount);
    for (int c = 0; c < 3; c++) {
        fit.fg[c] = (uint8_t)((bestSum[c] * 2 + n1) / (2 * n1));
        fit.bg[c] = (uint8_t)(((total[c] - bestSum[c]) * 2 + n2) / (2 * n2));
    }
    return fit;
}
