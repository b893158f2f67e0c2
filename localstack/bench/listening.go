package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// The listening copies' run (issue 24 part 3): what a minute of listening costs with data saver
// on and off, against the upload streamed as it is, and what making the copies costs. A
// 5-minute stereo 44.1 kHz WAV of tones under noise (mediatest.Music) is uploaded to the local
// cloud's S3 and given its copies by media.Store.MakeListening, the jobs worker's code, with
// Debian's ffmpeg; its children's CPU time and peak resident memory come from getrusage.
const (
	listeningHeading = "## Listening copies (issue 24 part 3)"
	listeningMinutes = 5
	// The goals: bytes a minute of listening.
	dataSaverGoal = 500_000
	normalGoal    = 1_000_000
)

type listeningFigures struct {
	seconds            float64
	wavBytes, mp3Bytes int64
	copies             map[int]int64 // bitrate → bytes
	wall, cpu          time.Duration
	peakRSSKB          int64
	ffmpegVersion      string
}

func (f listeningFigures) perMinute(n int64) float64 { return float64(n) / f.seconds * 60 }

func (f listeningFigures) section() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nWritten by `make bench` (`go run ./localstack/bench -listening-only`) on %s with %s.\n"+
		"A %d-minute stereo 44.1 kHz WAV (tones under noise) is uploaded to the local cloud's S3 and given its\n"+
		"listening copies by media.Store.MakeListening, the jobs worker's code. Before: a post streamed its\n"+
		"upload as it is; the MP3 row is the same audio at 320 kbit/s.\n\n",
		listeningHeading, time.Now().UTC().Format("2006-01-02 15:04 UTC"), f.ffmpegVersion, listeningMinutes)
	b.WriteString("| what a minute of listening downloads | bytes a minute | MB a minute | goal |\n|---|---:|---:|---|\n")
	fmt.Fprintf(&b, "| before: the upload, WAV | %.0f | %.2f | |\n", f.perMinute(f.wavBytes), f.perMinute(f.wavBytes)/1e6)
	fmt.Fprintf(&b, "| before: the upload, MP3 320 kbit/s | %.0f | %.2f | |\n", f.perMinute(f.mp3Bytes), f.perMinute(f.mp3Bytes)/1e6)
	for _, c := range []struct {
		kbps int
		name string
		goal float64
	}{{media.DataSaverKbps, "after: data saver on (AAC 64 kbit/s, mono)", dataSaverGoal}, {media.NormalKbps, "after: data saver off (AAC 128 kbit/s)", normalGoal}} {
		n := f.perMinute(f.copies[c.kbps])
		verdict := "met"
		if n > c.goal {
			verdict = "MISSED"
		}
		fmt.Fprintf(&b, "| %s | %.0f | %.2f | ≤ %.1f MB: %s |\n", c.name, n, n/1e6, c.goal/1e6, verdict)
	}
	minutes := f.seconds / 60
	fmt.Fprintf(&b, "\n| making both copies of %.0f minutes | figure |\n|---|---:|\n", minutes)
	fmt.Fprintf(&b, "| wall time (download, ffmpeg, upload) | %.1f s |\n", f.wall.Seconds())
	fmt.Fprintf(&b, "| ffmpeg CPU time | %.1f s |\n", f.cpu.Seconds())
	fmt.Fprintf(&b, "| ffmpeg CPU seconds a minute of audio | %.2f s |\n", f.cpu.Seconds()/minutes)
	fmt.Fprintf(&b, "| ffmpeg peak resident memory | %.0f MB |\n", float64(f.peakRSSKB)/1024)
	b.WriteString("\nThe jobs worker's Lambda is sized from these (infra/workers.go): 1769 MB (one full vCPU), 900 s.\n")
	return b.String()
}

// measureListening makes the source, uploads it and measures its copies.
func measureListening(ctx context.Context) (listeningFigures, error) {
	f := listeningFigures{copies: map[int]int64{}}
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		return f, errors.New("ffmpeg is not installed (sudo apt-get install ffmpeg)")
	}
	version, _ := exec.CommandContext(ctx, ffmpeg, "-version").Output()
	f.ffmpegVersion = strings.Join(strings.Fields(strings.SplitN(string(version), "\n", 2)[0])[:3], " ")
	dir, err := os.MkdirTemp("", "bench-listening-")
	if err != nil {
		return f, err
	}
	defer os.RemoveAll(dir)
	data := mediatest.Music(listeningMinutes*60, 44100, 2)
	f.wavBytes, f.seconds = int64(len(data)), float64(listeningMinutes*60)

	c, err := newCloud(ctx)
	if err != nil {
		return f, err
	}
	defer c.close()
	client := s3.NewFromConfig(c.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	key := media.FinalPrefixOf("bench", media.Audio) + "five-minutes.wav"
	if _, err := client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(data), ContentType: aws.String("audio/wav"),
	}); err != nil {
		return f, err
	}
	before := childUsage()
	start := time.Now()
	stop := make(chan struct{})
	peak := make(chan int64)
	go func() { peak <- watchPeakKB(stop) }()
	made, err := media.NewStore(client, schema.Media.Name).MakeListening(ctx, key, media.FFmpeg{Path: ffmpeg})
	f.wall = time.Since(start)
	close(stop)
	f.peakRSSKB = <-peak
	if err != nil {
		return f, err
	}
	after := childUsage()
	f.cpu = time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) * time.Nanosecond
	for _, kbps := range made {
		head, err := client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(media.ListeningKey(key, kbps))})
		if err != nil {
			return f, err
		}
		f.copies[kbps] = aws.ToInt64(head.ContentLength)
	}
	// The before row, encoded after the copies were measured so that its peak memory is not theirs.
	wav, mp3 := filepath.Join(dir, "source.wav"), filepath.Join(dir, "source.mp3")
	if err := os.WriteFile(wav, data, 0o600); err != nil {
		return f, err
	}
	if out, err := exec.CommandContext(ctx, ffmpeg, "-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-b:a", "320k", mp3).CombinedOutput(); err != nil {
		return f, fmt.Errorf("encode the MP3: %v %s", err, out)
	}
	info, err := os.Stat(mp3)
	if err != nil {
		return f, err
	}
	f.mp3Bytes = info.Size()
	return f, nil
}

// watchPeakKB polls, every 20 ms until stop, the peak resident memory (VmHWM, in KB) of this
// process's children (ffmpeg) and returns the largest. getrusage's children's maximum would count
// the bench's own memory, which a child shares until it runs ffmpeg.
func watchPeakKB(stop <-chan struct{}) int64 {
	self := fmt.Sprint(os.Getpid())
	var peak int64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		dirs, _ := filepath.Glob("/proc/[0-9]*/status")
		for _, status := range dirs {
			b, err := os.ReadFile(status)
			if err != nil || !strings.Contains(string(b), "\nPPid:\t"+self+"\n") {
				continue
			}
			for _, line := range strings.Split(string(b), "\n") {
				var kb int64
				if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil {
					peak = max(peak, kb)
				}
			}
		}
		select {
		case <-stop:
			return peak
		case <-tick.C:
		}
	}
}

// childUsage is the resource usage of this process's finished children.
func childUsage() syscall.Rusage {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &u)
	return u
}

// runListeningOnly measures the listening copies and writes their section of out (replacing
// the one there, else at the end). It fails when a goal is missed.
func runListeningOnly(out string) error {
	f, err := measureListening(context.Background())
	if err != nil {
		return err
	}
	section := f.section()
	fmt.Print(section)
	if f.perMinute(f.copies[media.DataSaverKbps]) > dataSaverGoal || f.perMinute(f.copies[media.NormalKbps]) > normalGoal {
		err = errors.New("listening copies: a goal is missed")
	}
	if out == "" {
		return err
	}
	return errors.Join(err, replaceSection(out, listeningHeading, section))
}

// replaceSection writes section into the Markdown file out in place of the one under heading
// (up to the next "## "), else at its end, after the sections a full run keeps.
func replaceSection(out, heading, section string) error {
	old, _ := os.ReadFile(out)
	text := string(old)
	if at := strings.Index(text, heading); at >= 0 {
		end := len(text)
		if next := strings.Index(text[at+len(heading):], "\n## "); next >= 0 {
			end = at + len(heading) + next + 1
		}
		text = text[:at] + section + text[end:]
	} else {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	}
	return os.WriteFile(out, []byte(text), 0o644)
}
