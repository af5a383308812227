// The sextant and octant blitters' per-cell fits (see CBlitter.h).
#include "CBlitter.h"

typedef float v4f __attribute__((vector_size(16)));
typedef uint32_t v4u __attribute__((vector_size(16)));

const uint8_t reel_sextant_areas[REEL_SEXTANT_LANES] = {
    0, 10, 20, 10, 20, 30, 20, 10, 20, 30, 40, 30, 20,
    30, 20, 10, 22, 32, 42, 32, 42, 52, 42, 32, 22, 32,
    42, 32, 22, 32, 22, 12, 32, 16, 16, 16, 16, 32, 8,
    16, 24, 40, 48, 56, 8, 16, 24, 40, 48, 56, 0, 0,
};

// The scoring factors of each lane (see the scoring loop): 1/n1 + 1/n2 and 1/n2, and the lane's code.
static const float both[REEL_SEXTANT_LANES] __attribute__((aligned(16))) = {
    0, 1.0f / 10 + 1.0f / 54, 1.0f / 20 + 1.0f / 44, 1.0f / 10 + 1.0f / 54,
    1.0f / 20 + 1.0f / 44, 1.0f / 30 + 1.0f / 34, 1.0f / 20 + 1.0f / 44, 1.0f / 10 + 1.0f / 54,
    1.0f / 20 + 1.0f / 44, 1.0f / 30 + 1.0f / 34, 1.0f / 40 + 1.0f / 24, 1.0f / 30 + 1.0f / 34,
    1.0f / 20 + 1.0f / 44, 1.0f / 30 + 1.0f / 34, 1.0f / 20 + 1.0f / 44, 1.0f / 10 + 1.0f / 54,
    1.0f / 22 + 1.0f / 42, 1.0f / 32 + 1.0f / 32, 1.0f / 42 + 1.0f / 22, 1.0f / 32 + 1.0f / 32,
    1.0f / 42 + 1.0f / 22, 1.0f / 52 + 1.0f / 12, 1.0f / 42 + 1.0f / 22, 1.0f / 32 + 1.0f / 32,
    1.0f / 22 + 1.0f / 42, 1.0f / 32 + 1.0f / 32, 1.0f / 42 + 1.0f / 22, 1.0f / 32 + 1.0f / 32,
    1.0f / 22 + 1.0f / 42, 1.0f / 32 + 1.0f / 32, 1.0f / 22 + 1.0f / 42, 1.0f / 12 + 1.0f / 52,
    1.0f / 32 + 1.0f / 32, 1.0f / 16 + 1.0f / 48, 1.0f / 16 + 1.0f / 48, 1.0f / 16 + 1.0f / 48,
    1.0f / 16 + 1.0f / 48, 1.0f / 32 + 1.0f / 32, 1.0f / 8 + 1.0f / 56, 1.0f / 16 + 1.0f / 48,
    1.0f / 24 + 1.0f / 40, 1.0f / 40 + 1.0f / 24, 1.0f / 48 + 1.0f / 16, 1.0f / 56 + 1.0f / 8,
    1.0f / 8 + 1.0f / 56, 1.0f / 16 + 1.0f / 48, 1.0f / 24 + 1.0f / 40, 1.0f / 40 + 1.0f / 24,
    1.0f / 48 + 1.0f / 16, 1.0f / 56 + 1.0f / 8, 0, 0,
};
static const float outside[REEL_SEXTANT_LANES] __attribute__((aligned(16))) = {
    1.0f / 64, 1.0f / 54, 1.0f / 44, 1.0f / 54,
    1.0f / 44, 1.0f / 34, 1.0f / 44, 1.0f / 54,
    1.0f / 44, 1.0f / 34, 1.0f / 24, 1.0f / 34,
    1.0f / 44, 1.0f / 34, 1.0f / 44, 1.0f / 54,
    1.0f / 42, 1.0f / 32, 1.0f / 22, 1.0f / 32,
    1.0f / 22, 1.0f / 12, 1.0f / 22, 1.0f / 32,
    1.0f / 42, 1.0f / 32, 1.0f / 22, 1.0f / 32,
    1.0f / 42, 1.0f / 32, 1.0f / 42, 1.0f / 52,
    1.0f / 32, 1.0f / 48, 1.0f / 48, 1.0f / 48,
    1.0f / 48, 1.0f / 32, 1.0f / 56, 1.0f / 48,
    1.0f / 40, 1.0f / 24, 1.0f / 16, 1.0f / 8,
    1.0f / 56, 1.0f / 48, 1.0f / 40, 1.0f / 24,
    1.0f / 16, 1.0f / 8, 0, 0,
};
static const uint32_t codes[REEL_SEXTANT_LANES] __attribute__((aligned(16))) = {
    63, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50,
    49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37,
    36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
    23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
};

/// A channel's mean of `sum` over `inverse`'s units, rounded and clamped to a byte.
static inline uint8_t mean(float sum, float inverse) {
    float v = sum * inverse + 0.5f;
    return v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)v;
}

static inline v4f splat(float x) { return (v4f){x, x, x, x}; }

reel_cell_fit reel_fit_sextant(const uint8_t *origin, ptrdiff_t stride) {
    // Each sample row's left and right pairs, and the first and third columns, by channel.
    int32_t left[3][8], right[3][8], column0[3] = {0, 0, 0}, column2[3] = {0, 0, 0};
    for (int y = 0; y < 8; y++) {
        const uint8_t *p = origin + y * stride;
        for (int c = 0; c < 3; c++) {
            left[c][y] = p[c] + p[3 + c];
            right[c][y] = p[6 + c] + p[9 + c];
            column0[c] += p[c];
            column2[c] += p[6 + c];
        }
    }
    // Each lane's foreground sum by channel, in half-sample units (a whole sample counts twice).
    float sums[3][REEL_SEXTANT_LANES] __attribute__((aligned(16)));
    float all[3];
    for (int c = 0; c < 3; c++) {
        const int32_t *l = left[c], *r = right[c];
        int32_t leftHalf = 0, rightHalf = 0;
        for (int y = 0; y < 8; y++) { leftHalf += l[y]; rightHalf += r[y]; }
        float total = 2.0f * (float)(leftHalf + rightHalf);
        all[c] = total;
        float tl = (float)(2 * (l[0] + l[1]) + l[2]), tr = (float)(2 * (r[0] + r[1]) + r[2]);
        float ml = (float)(l[2] + 2 * (l[3] + l[4])), mr = (float)(r[2] + 2 * (r[3] + r[4]));
        float bl = (float)(2 * (l[5] + l[6] + l[7]));
        // The sextants, four lanes at a time: they share their middle and bottom parts and differ
        // in the top two, in the order 0, tl, tl+tr, tr (reflected in odd groups).
        v4f even = {0, tl, tl + tr, tr}, odd = {tr, tl + tr, tl, 0};
        float bases[8] = {0, ml, ml + mr, mr, mr + bl, ml + mr + bl, ml + bl, bl};
        for (int g = 0; g < 8; g++) {
            v4f lanes = splat(bases[g]) + ((g & 1) ? odd : even);
            __builtin_memcpy(&sums[c][4 * g], &lanes, sizeof lanes);
        }
        float upperLeft = (float)(2 * (l[0] + l[1] + l[2] + l[3])), upperRight = (float)(2 * (r[0] + r[1] + r[2] + r[3]));
        float lowerLeft = (float)(2 * leftHalf) - upperLeft;
        float lowerRight = total - upperLeft - upperRight - lowerLeft;
        float *s = sums[c];
        s[32] = upperLeft + upperRight;
        s[33] = upperLeft;
        s[34] = upperRight;
        s[35] = lowerLeft;
        s[36] = lowerRight;
        s[37] = upperLeft + lowerRight;
        // The lower eighths: the bottom 1, 2, 3, 5, 6 and 7 sample rows.
        float e1 = (float)(2 * (l[7] + r[7])), e2 = e1 + (float)(2 * (l[6] + r[6])), e3 = e2 + (float)(2 * (l[5] + r[5]));
        float e5 = e3 + (float)(2 * (l[4] + r[4] + l[3] + r[3])), e6 = e5 + (float)(2 * (l[2] + r[2]));
        s[38] = e1; s[39] = e2; s[40] = e3; s[41] = e5; s[42] = e6; s[43] = e6 + (float)(2 * (l[1] + r[1]));
        // The left eighths: half a column each.
        float h0 = (float)column0[c], h1 = (float)(leftHalf - column0[c]), h2 = (float)column2[c];
        float d0 = 2 * h0, d01 = d0 + 2 * h1, d012 = d01 + 2 * h2;
        s[44] = h0; s[45] = d0; s[46] = d0 + h1; s[47] = d01 + h2; s[48] = d012; s[49] = d012 + (total - d012) * 0.5f;
        s[50] = 0; s[51] = 0;
    }

    // |S1|^2/n1 + |S2|^2/n2 = |S1|^2 (1/n1 + 1/n2) - 2 (S1.T)/n2 + |T|^2/n2, four lanes at a time.
    // Each score's lowest six bits are replaced by its lane's code (a blank's 63, then 62 - lane),
    // so that the largest is also the earliest of those within 2^-17 of it.
    v4f allR = splat(all[0]), allG = splat(all[1]), allB = splat(all[2]);
    v4f allNorm = splat(all[0] * all[0] + all[1] * all[1] + all[2] * all[2]);
    v4u keep = {~63u, ~63u, ~63u, ~63u};
    v4f best = splat(0);
    for (int i = 0; i < REEL_SEXTANT_LANES; i += 4) {
        v4f r, g, b, f1, f3;
        v4u code;
        __builtin_memcpy(&r, &sums[0][i], sizeof r);
        __builtin_memcpy(&g, &sums[1][i], sizeof g);
        __builtin_memcpy(&b, &sums[2][i], sizeof b);
        __builtin_memcpy(&f1, &both[i], sizeof f1);
        __builtin_memcpy(&f3, &outside[i], sizeof f3);
        __builtin_memcpy(&code, &codes[i], sizeof code);
        v4f score = (r * r + g * g + b * b) * f1 - (r * allR + g * allG + b * allB) * (f3 + f3) + allNorm * f3;
        v4f coded = (v4f)(((v4u)score & keep) | code);
        best = __builtin_elementwise_max(best, coded);
    }
    float top = best[0];
    for (int i = 1; i < 4; i++) top = best[i] > top ? best[i] : top;
    uint32_t bits;
    __builtin_memcpy(&bits, &top, sizeof bits);
    int code = (int)(bits & 63), lane = code == 63 ? 0 : 62 - code;

    reel_cell_fit fit;
    fit.split = (uint8_t)lane;
    float area = (float)reel_sextant_areas[lane];
    float inside = lane == 0 ? 0 : 1.0f / area, rest = 1.0f / (64 - area);
    for (int c = 0; c < 3; c++) {
        float sum = lane == 0 ? 0 : sums[c][lane];
        fit.fg[c] = mean(sum, inside);
        fit.bg[c] = mean(all[c] - sum, rest);
    }
    return fit;
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
