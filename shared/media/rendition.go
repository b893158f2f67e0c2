package media

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"path"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
)

// Renditions are smaller JPEG copies of a kept picture that a browser picks from (srcset), so
// a phone showing a cover 160 pixels wide does not download the full picture.
const (
	// RenditionQuality is the JPEG quality of a rendition.
	RenditionQuality = 78
	// RenditionCacheControl is what a rendition is served with: its key is never written twice.
	RenditionCacheControl = "public, max-age=31536000, immutable"
	// PlaceholderSide is the longer side, in pixels, of a picture's placeholder.
	PlaceholderSide = 16
	// placeholderQuality is the JPEG quality of a placeholder: it is shown blurred.
	placeholderQuality = 40
)

// RenditionWidths are the widths a picture's renditions are made at, ascending. A picture gets
// those no wider than itself: a rendition is never scaled up, and one as wide as the picture is
// the picture re-encoded as JPEG, which a PNG cover needs most.
var RenditionWidths = []int{160, 480, 960}

// RenditionKey is the key of the rendition width px wide of the picture at key: key without its
// extension, then .w<width>.jpg (media/u/image/<uuid>.png → media/u/image/<uuid>.w160.jpg).
func RenditionKey(key string, width int) string {
	return strings.TrimSuffix(key, path.Ext(key)) + ".w" + strconv.Itoa(width) + ".jpg"
}

// RenditionKeys are the keys of the renditions of key at widths.
func RenditionKeys(key string, widths []int) []string {
	keys := make([]string, len(widths))
	for i, w := range widths {
		keys[i] = RenditionKey(key, w)
	}
	return keys
}

// rendition is one encoded rendition.
type rendition struct {
	width int
	data  []byte
}

// renditions encodes img at each of RenditionWidths no wider than img, keeping its proportions,
// ascending. Each is scaled from the next wider one rather than from img, which costs a fraction
// of the time on a large picture and, each step shrinking by at least half through a filter that
// weighs every source pixel, looks the same.
// It also returns the smallest of them as an image (img itself when there is none), from which
// a placeholder is quickly made.
func renditions(img image.Image) ([]rendition, image.Image, error) {
	b := img.Bounds()
	var widths []int
	for _, w := range RenditionWidths {
		if w <= b.Dx() {
			widths = append(widths, w)
		}
	}
	out := make([]rendition, len(widths))
	src := img
	for i := len(widths) - 1; i >= 0; i-- {
		w := widths[i]
		r := scaled(src, w, max(1, (b.Dy()*w+b.Dx()/2)/b.Dx()))
		data, err := encodeJPEG(r, RenditionQuality)
		if err != nil {
			return nil, nil, fmt.Errorf("encode rendition %d: %w", w, err)
		}
		out[i], src = rendition{w, data}, r
	}
	return out, src, nil
}

// Placeholder is img at most PlaceholderSide pixels on its longer side as a JPEG data URI
// (data:image/jpeg;base64,...): a few hundred bytes that a page shows, stretched and blurred,
// until the picture itself has loaded.
func Placeholder(img image.Image) (string, error) {
	b := img.Bounds()
	w, h := PlaceholderSide, max(1, (b.Dy()*PlaceholderSide+b.Dx()/2)/b.Dx())
	if b.Dy() > b.Dx() {
		w, h = max(1, (b.Dx()*PlaceholderSide+b.Dy()/2)/b.Dy()), PlaceholderSide
	}
	data, err := encodeJPEG(scaled(img, min(w, b.Dx()), min(h, b.Dy())), placeholderQuality)
	if err != nil {
		return "", fmt.Errorf("encode placeholder: %w", err)
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(data), nil
}

// scaled is img resampled to w×h with the Catmull-Rom filter (which widens itself when
// shrinking, so every source pixel counts), over white: JPEG has no transparency, and a
// transparent PNG's clear pixels would otherwise turn black.
func scaled(img image.Image, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	op := draw.Src
	if o, ok := img.(interface{ Opaque() bool }); !ok || !o.Opaque() {
		draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		op = draw.Over
	}
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, img.Bounds(), op, nil)
	return dst
}

func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
