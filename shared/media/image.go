package media

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
)

// Limits of the pictures Zuum keeps. A picture is decoded in full to be checked, so its pixel
// count is bounded before decoding: a few kilobytes of PNG can claim gigapixels. What is kept is
// re-encoded, at most MaxImageSide pixels on its longer side.
const (
	MaxImagePixels = 50_000_000
	MaxImageSide   = 2048
	JPEGQuality    = 85
)

// pictureSize reads the width and height a JPEG or PNG file states in its header (contentType
// is what its bytes were sniffed as), without decoding its pixels.
func pictureSize(r io.ReaderAt, size int64, contentType string) (w, h int, problem string) {
	config := png.DecodeConfig
	switch contentType {
	case "image/jpeg":
		config = jpeg.DecodeConfig
	case "image/png":
	default:
		return 0, 0, "not a picture"
	}
	c, err := config(io.NewSectionReader(r, 0, size))
	if err != nil {
		return 0, 0, "its header does not decode: " + err.Error()
	}
	return c.Width, c.Height, ""
}

// decodeImage decodes the whole JPEG or PNG file r holds (contentType is what its bytes were
// sniffed as), refusing what does not decode to the end or has too many pixels.
func decodeImage(r io.ReaderAt, size int64, contentType string) (image.Image, string) {
	data := make([]byte, size)
	if n, _ := r.ReadAt(data, 0); int64(n) < size {
		return nil, "it could not be read to the end"
	}
	var (
		config func(io.Reader) (image.Config, error)
		decode func(io.Reader) (image.Image, error)
	)
	switch contentType {
	case "image/jpeg":
		config, decode = jpeg.DecodeConfig, jpeg.Decode
	case "image/png":
		config, decode = png.DecodeConfig, png.Decode
	default:
		return nil, "not a picture"
	}
	c, err := config(bytes.NewReader(data))
	if err != nil {
		return nil, "its header does not decode: " + err.Error()
	}
	if c.Width <= 0 || c.Height <= 0 || int64(c.Width)*int64(c.Height) > MaxImagePixels {
		return nil, fmt.Sprintf("%d×%d pixels is more than %d", c.Width, c.Height, MaxImagePixels)
	}
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, "it does not decode: " + err.Error()
	}
	if o := exifOrientation(data); contentType == "image/jpeg" && o > 1 {
		img = orient(shrink(img, MaxImageSide), o) // shrunk first: turning copies every pixel
	}
	return img, ""
}

// Picture is a re-encoded image: what Zuum stores and serves instead of the uploaded file.
type Picture struct {
	Data        []byte
	ContentType string // image/jpeg or image/png
	Ext         string // ".jpg" or ".png"
}

// ErrNotPicture is returned by Reencode for bytes that are not a JPEG or PNG picture.
var ErrNotPicture = errors.New("media: not a valid JPEG or PNG picture")

// Reencode checks data as an image upload is checked (ExamineFile, with the type its bytes
// are) and re-encodes it: turned upright by its EXIF orientation, at most MaxImageSide pixels
// on its longer side, JPEG at quality JPEGQuality or PNG as it came. What the file carried
// besides its pixels (EXIF with its GPS position, comments, other chunks, trailing bytes) is
// left behind. It returns ErrNotPicture (wrapped with the reason) for anything else.
func Reencode(data []byte) (Picture, error) {
	r := bytes.NewReader(data)
	m, img := examine(r, r.Size(), Image, Sniff(data))
	if !m.OK() {
		return Picture{}, fmt.Errorf("%w: %s", ErrNotPicture, m.Reason)
	}
	return encodePicture(img, m.ContentType)
}

// encodePicture writes img (decoded from a file of contentType) as Reencode says.
func encodePicture(img image.Image, contentType string) (Picture, error) {
	img = shrink(img, MaxImageSide)
	var b bytes.Buffer
	p := Picture{ContentType: contentType, Ext: Ext(contentType)}
	var err error
	if contentType == "image/png" {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: JPEGQuality})
	}
	if err != nil {
		return Picture{}, fmt.Errorf("encode picture: %w", err)
	}
	p.Data = b.Bytes()
	return p, nil
}

// shrink scales img down, keeping its proportions, until its longer side is at most side
// pixels, averaging the source pixels each new pixel covers (a box filter); a smaller image is
// returned as it is.
func shrink(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return img
	}
	dw, dh := side, max(1, h*side/w)
	if h > w {
		dw, dh = max(1, w*side/h), side
	}
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		y0, y1 := y*h/dh, max((y+1)*h/dh, y*h/dh+1)
		for x := range dw {
			x0, x1 := x*w/dw, max((x+1)*w/dw, x*w/dw+1)
			var sum [4]int
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride+x0*4 : sy*src.Stride+x1*4]
				for i := 0; i < len(row); i += 4 {
					sum[0] += int(row[i])
					sum[1] += int(row[i+1])
					sum[2] += int(row[i+2])
					sum[3] += int(row[i+3])
				}
			}
			n := (y1 - y0) * (x1 - x0)
			d := dst.Pix[y*dst.Stride+x*4:]
			for i := range 4 {
				d[i] = uint8((sum[i] + n/2) / n)
			}
		}
	}
	return dst
}

// exifOrientation reads the Orientation tag (1 to 8) of a JPEG's EXIF block; 1 (upright) when
// there is none. Cameras and phones store pictures as the sensor saw them and say in this tag
// how to turn them; re-encoding drops the tag, so the turn is applied to the pixels instead.
func exifOrientation(jpg []byte) int {
	for off := 2; off+4 <= len(jpg) && jpg[off] == 0xFF; {
		marker, n := jpg[off+1], int(jpg[off+2])<<8|int(jpg[off+3])
		if marker == 0xDA || marker == 0xD9 || n < 2 || off+2+n > len(jpg) { // image data: no more headers
			return 1
		}
		seg := jpg[off+4 : off+2+n]
		if marker == 0xE1 && len(seg) > 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		off += 2 + n
	}
	return 1
}

// tiffOrientation finds tag 0x0112 in the first IFD of the TIFF structure t.
func tiffOrientation(t []byte) int {
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 }
		u32 = func(b []byte) int { return u16(b) | u16(b[2:])<<16 }
	case "MM":
		u16 = func(b []byte) int { return int(b[0])<<8 | int(b[1]) }
		u32 = func(b []byte) int { return u16(b)<<16 | u16(b[2:]) }
	default:
		return 1
	}
	ifd := u32(t[4:])
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	for i := range u16(t[ifd:]) {
		e := ifd + 2 + 12*i
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:]) == 0x0112 {
			if v := u16(t[e+8:]); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient turns img upright from EXIF orientation o: 2 mirrored, 3 upside down, 4 upside down
// mirrored, 5 to 8 the four on their side.
func orient(img image.Image, o int) image.Image {
	if o <= 1 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			copy(dst.Pix[y*dst.Stride+x*4:y*dst.Stride+x*4+4], src.Pix[sy*src.Stride+sx*4:])
		}
	}
	return dst
}
