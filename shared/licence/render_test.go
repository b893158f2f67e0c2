package licence_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zuum/shared/licence"
)

// pdfText is the text poppler's pdftotext reads out of pdf, with runs of white space made one
// space, so a value wrapped across lines still reads as one.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin := tool(t, "pdftotext", "poppler-utils")
	path := filepath.Join(t.TempDir(), "licence.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// rendered is the sample licence, its verification URL and its PDF.
func rendered(t *testing.T) (licence.Licence, string, []byte) {
	t.Helper()
	l := sample()
	url := licence.VerifyURL("https://zuum.ng", l.Number)
	pdf, err := licence.Render(l, url)
	if err != nil {
		t.Fatal(err)
	}
	return l, url, pdf
}

func TestRender_ThePDFStatesEveryFactOfTheLicence(t *testing.T) {
	t.Parallel()
	l, url, pdf := rendered(t)
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:min(len(pdf), 16)])
	}
	got := pdfText(t, pdf)
	for what, want := range map[string]string{
		"licence number": "Licence number " + l.Number,
		"beat":           "Beat " + l.BeatTitle,
		"producer":       "Producer (licensor) @kel_on_the_beat",
		"buyer":          "Licensee (buyer) @ada_sings",
		"price":          "Price paid ₦1,234.50",
		"date in Lagos":  "Date of purchase 23 November 2026, 19:30 WAT",
		"beat id":        l.BeatID,
		"purchase id":    l.PurchaseID,
		"kind":           "Non-exclusive beat licence",
		"use rights":     "to use the beat \"" + l.BeatTitle + "\" (the Beat) in new songs",
		"non-exclusive":  "The Producer may go on licensing the Beat to anyone else",
		"producer keeps": "The Producer keeps the copyright and every other right in the Beat",
		"credit line":    "\"Prod. by @kel_on_the_beat\"",
		"no resale":      "No resale of the Beat itself. The Licensee may not sell, lease, license, give away or upload the Beat alone",
		"verify url":     url,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the PDF lacks the %s %q; its text:\n%s", what, want, got)
		}
	}
}

// tool is the path of a program the PDF tests read the PDF with.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s (Debian's %s) reads the PDF: install it (make test-go installs it as root)", name, pkg)
	}
	return bin
}

func TestRender_TheQRCodeReadsAsTheVerificationURL(t *testing.T) {
	t.Parallel()
	_, url, pdf := rendered(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "licence.pdf"), pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page")
	if out, err := exec.Command(tool(t, "pdftoppm", "poppler-utils"), "-r", "150", "-png", "-singlefile",
		filepath.Join(dir, "licence.pdf"), page).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	out, err := exec.Command(tool(t, "zbarimg", "zbar-tools"), "-q", "--raw", page+".png").Output()
	if err != nil {
		t.Fatalf("zbarimg found no code on the page: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != url {
		t.Errorf("the QR code reads %q, want %q", got, url)
	}
}

func TestRender_APDFIsMadeInBoundedTime(t *testing.T) {
	l := sample()
	url := licence.VerifyURL("https://zuum.ng", l.Number)
	if _, err := licence.Render(l, url); err != nil { // the first call also parses the fonts
		t.Fatal(err)
	}
	const runs = 5
	start := time.Now()
	for range runs {
		if _, err := licence.Render(l, url); err != nil {
			t.Fatal(err)
		}
	}
	// A request renders one PDF; well under a second each leaves the Lambda's answer quick even
	// under the race detector on a shared machine.
	if each := time.Since(start) / runs; each > time.Second {
		t.Errorf("a licence takes %v to render", each)
	}
}

func TestRender_WhatTheTypefaceLacksPrintsAsABox(t *testing.T) {
	t.Parallel()
	l := sample()
	l.BeatTitle = "🔥 Fire\tbeat 中 " + strings.Repeat("and a long title ", 15)
	pdf, err := licence.Render(l, licence.VerifyURL("https://zuum.ng", l.Number))
	if err != nil {
		t.Fatal(err)
	}
	if got := pdfText(t, pdf); !strings.Contains(got, "Beat □ Fire beat □ and a long title and a long title") {
		t.Errorf("the title prints as:\n%s", got)
	}
}
