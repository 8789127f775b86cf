/* rlottie's whole-process equivalent of `layerlab export FILE --png OUT --size WxH`: opens a
 * Lottie file, draws frame 0 at W x H and writes it as a PNG through libpng's simplified API
 * (LayerLab's own writer gives the same filtered rows at the same zlib settings, so both pay
 * for the same compression). scripts/bench builds it when rlottie's headers are installed; the
 * benchmark times both processes the same way (Benchmarks/LayerLabBench/LottieBench.swift).
 *
 *   rlottie-frame FILE W H OUT.png
 */
#include <png.h>
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: rlottie-frame FILE W H OUT.png\n"); return 2; }
    long w = atol(argv[2]), h = atol(argv[3]);
    if (w <= 0 || h <= 0 || w > 8192 || h > 8192) { fprintf(stderr, "bad size\n"); return 2; }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) { fprintf(stderr, "rlottie cannot read %s\n", argv[1]); return 1; }
    uint32_t *argb = calloc((size_t)(w * h), 4);
    unsigned char *rgba = malloc((size_t)(w * h * 4));
    if (!argb || !rgba) return 1;
    lottie_animation_render(animation, 0, argb, (size_t)w, (size_t)h, (size_t)w * 4);
    /* rlottie writes premultiplied ARGB words; PNG wants straight RGBA bytes. */
    for (long i = 0; i < w * h; i++) {
        uint32_t p = argb[i], a = p >> 24;
        unsigned char *o = rgba + i * 4;
        if (a == 0) { o[0] = o[1] = o[2] = o[3] = 0; continue; }
        o[0] = (unsigned char)((((p >> 16) & 0xFF) * 255 + a / 2) / a);
        o[1] = (unsigned char)((((p >> 8) & 0xFF) * 255 + a / 2) / a);
        o[2] = (unsigned char)(((p & 0xFF) * 255 + a / 2) / a);
        o[3] = (unsigned char)a;
    }
    png_image image = {0};
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)w;
    image.height = (png_uint_32)h;
    image.format = PNG_FORMAT_RGBA;
    int ok = png_image_write_to_file(&image, argv[4], 0, rgba, 0, NULL);
    lottie_animation_destroy(animation);
    free(argb);
    free(rgba);
    return ok ? 0 : 1;
}
