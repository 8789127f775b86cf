#ifndef LAYERLAB_CJPEG_SHIM_H
#define LAYERLAB_CJPEG_SHIM_H
// libjpeg (libjpeg-turbo's libjpeg62 API). Its default error handler ends the process, and
// leaving a failed decode means a longjmp, which Swift cannot do: so the whole decode is this
// one C function, which reports failure by its return value and a message instead.
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

struct layerlab_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
};

static void layerlab_jpeg_error_exit(j_common_ptr info) {
    longjmp(((struct layerlab_jpeg_error *)info->err)->back, 1);
}

// Warnings (a file cut short, a corrupt segment) are not fatal: libjpeg fills what is missing.
static void layerlab_jpeg_output_message(j_common_ptr info) { (void)info; }

/// Decodes JPEG bytes into straight RGBA (alpha 255), rows top to bottom, into a buffer from
/// malloc that the caller frees. Returns 0 on success; otherwise 1 and a message in `message`
/// (`capacity` bytes), or 2 when the image is larger than `max_side` on a side, or 3 when
/// memory runs out.
static inline int layerlab_jpeg_decode(const unsigned char *bytes, unsigned long count, int max_side,
                                       unsigned char **pixels, int *width, int *height,
                                       char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    struct layerlab_jpeg_error error;
    unsigned char *volatile out = NULL;
    JSAMPLE *volatile row = NULL;
    *pixels = NULL; *width = 0; *height = 0;
    if (capacity > 0) message[0] = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = layerlab_jpeg_error_exit;
    error.manager.output_message = layerlab_jpeg_output_message;
    if (setjmp(error.back)) {
        if (capacity > 0) {
            char text[JMSG_LENGTH_MAX];
            (*info.err->format_message)((j_common_ptr)&info, text);
            snprintf(message, capacity, "%s", text);
        }
        jpeg_destroy_decompress(&info);
        free(out); free(row);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, count);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0
        || info.image_width > (JDIMENSION)max_side || info.image_height > (JDIMENSION)max_side) {
        *width = (int)info.image_width; *height = (int)info.image_height;
        jpeg_destroy_decompress(&info);
        return 2;
    }
    // CMYK (as Adobe writes it, inverted) is converted here; everything else libjpeg-turbo
    // turns into RGBA itself.
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    out = (unsigned char *)malloc(w * h * 4);
    row = cmyk ? (JSAMPLE *)malloc(w * 4) : NULL;
    if (out == NULL || (cmyk && row == NULL)) {
        jpeg_destroy_decompress(&info);
        free(out); free(row);
        return 3;
    }
    while (info.output_scanline < info.output_height) {
        unsigned char *dst = out + (size_t)info.output_scanline * w * 4;
        JSAMPROW target = cmyk ? row : dst;
        jpeg_read_scanlines(&info, &target, 1);
        if (cmyk) {
            for (size_t x = 0; x < w; x++) {
                unsigned k = row[4 * x + 3];
                dst[4 * x] = (unsigned char)(row[4 * x] * k / 255);
                dst[4 * x + 1] = (unsigned char)(row[4 * x + 1] * k / 255);
                dst[4 * x + 2] = (unsigned char)(row[4 * x + 2] * k / 255);
                dst[4 * x + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *pixels = out; *width = (int)w; *height = (int)h;
    return 0;
}

#endif
