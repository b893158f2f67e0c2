package mediatest

import (
	"encoding/binary"
	"math"
)

// Music is PCM audio that an encoder must spend its bits on, unlike WAV's silence: 16-bit at
// rate Hz with channels channels, seconds long, each channel a chord of three tones under
// noise (the same bytes every call).
func Music(seconds float64, rate, channels int) []byte {
	frames := int(seconds * float64(rate))
	data := make([]byte, frames*channels*2)
	seed := uint32(1)
	for i := range frames {
		t := float64(i) / float64(rate)
		for c := range channels {
			v := 0.0
			for k, f := range []float64{220, 277.18, 329.63} {
				v += 0.18 * math.Sin(2*math.Pi*f*float64(c+1+k)*t)
			}
			seed = seed*1664525 + 1013904223
			v += 0.2 * (float64(seed>>16)/65535 - 0.5)
			binary.LittleEndian.PutUint16(data[(i*channels+c)*2:], uint16(int16(v*32767)))
		}
	}
	return pcmWAV(rate, channels, data)
}
