package seed

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"
)

// Tone is a short WAV melody (mono, 16-bit, 22.05 kHz) built from notes in Hz, each beat long
// seconds: demo tracks that play in a browser without shipping audio files in the repository.
func Tone(notes []float64, beat float64) []byte {
	const rate = 22050
	per := int(beat * rate)
	samples := make([]int16, 0, per*len(notes))
	for _, f := range notes {
		for i := 0; i < per; i++ {
			t := float64(i) / rate
			env := math.Min(1, float64(i)/400) * math.Min(1, float64(per-i)/1500) // no clicks
			v := 0.6*math.Sin(2*math.Pi*f*t) + 0.25*math.Sin(4*math.Pi*f*t) + 0.15*math.Sin(6*math.Pi*f*t)
			samples = append(samples, int16(v*env*9000))
		}
	}
	var b bytes.Buffer
	data := len(samples) * 2
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+data))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(rate * 2), uint16(2), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v) // PCM, mono, 16-bit
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(data))
	_ = binary.Write(&b, binary.LittleEndian, samples)
	return b.Bytes()
}

// covers keeps each Cover once made: a local cloud, or a test process, seeds the same covers
// again and again.
var covers sync.Map // [2]color.RGBA → []byte

// Cover is a 480×480 PNG cover: a diagonal gradient between two colours with concentric rings,
// different for every demo track.
func Cover(from, to color.RGBA) []byte {
	if b, ok := covers.Load([2]color.RGBA{from, to}); ok {
		return b.([]byte)
	}
	b := drawCover(from, to)
	covers.Store([2]color.RGBA{from, to}, b)
	return b
}

func drawCover(from, to color.RGBA) []byte {
	const size = 480
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	mix := func(a, b uint8, t float64) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			t := float64(x+y) / (2 * size)
			dx, dy := float64(x-size/2), float64(y-size/2)
			ring := 0.85 + 0.15*math.Cos(math.Hypot(dx, dy)/9)
			img.SetRGBA(x, y, color.RGBA{
				R: uint8(float64(mix(from.R, to.R, t)) * ring), G: uint8(float64(mix(from.G, to.G, t)) * ring),
				B: uint8(float64(mix(from.B, to.B, t)) * ring), A: 255,
			})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}
