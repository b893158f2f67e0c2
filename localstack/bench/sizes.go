package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// sizesHeading starts the section of the Lambda binary sizes; it and every section after it
// (the Fast feed figures) are written by their own runs, which a full run keeps.
const sizesHeading = "\n## Lambda binary sizes"

// afterHeading starts the sizes measured by this run within the sizes section, after the
// figures from before issue 14 that the section keeps.
const afterHeading = "\n### After issue 14"

// lambdaSize builds pkg as `make build` builds a group (linux/arm64, no cgo, -trimpath, -tags
// lambda.norpc, -ldflags "-s -w") and returns the binary's size in bytes.
func lambdaSize(dir, pkg string) (int64, error) {
	bin := filepath.Join(dir, strings.ReplaceAll(pkg, "/", "_"))
	cmd := exec.Command("go", "build", "-trimpath", "-tags", "lambda.norpc", "-ldflags=-s -w", "-o", bin, pkg)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("build %s: %v\n%s", pkg, err, out)
	}
	st, err := os.Stat(bin)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// benchSizes builds the hello-world Lambda (localstack/bench/hello) and every route group's main
// (functions/*/cmd) and returns the table of their sizes against hello world's.
func benchSizes() (string, error) {
	dir, err := os.MkdirTemp("", "zuum-sizes-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	hello, err := lambdaSize(dir, "./localstack/bench/hello")
	if err != nil {
		return "", err
	}
	mains, err := filepath.Glob("functions/*/cmd/main.go")
	if err != nil || len(mains) == 0 {
		return "", fmt.Errorf("no functions/*/cmd/main.go here (run from the repository's root): %v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nMeasured by `make bench` on %s (%s), built the same way: hello world is %d bytes. Goal: each group at most 2x that (%d bytes).\n\n| group | bytes | x hello world |\n|---|---:|---:|\n",
		afterHeading, time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.Version(), hello, 2*hello)
	over := 0
	for _, m := range mains {
		group := filepath.Base(filepath.Dir(filepath.Dir(m)))
		n, err := lambdaSize(dir, "./functions/"+group+"/cmd")
		if err != nil {
			return "", err
		}
		mark := ""
		if n > 2*hello {
			mark, over = " (over)", over+1
		}
		fmt.Fprintf(&b, "| %s | %d | %.2f%s |\n", group, n, float64(n)/float64(hello), mark)
	}
	fmt.Fprintf(&b, "\n%d of %d groups over 2x hello world.\n", over, len(mains))
	return b.String(), nil
}

// runSizesOnly measures the binary sizes and puts them into out's sizes section in place of the
// previous "after" table, keeping the figures from before and the sections around it.
func runSizesOnly(out string) error {
	table, err := benchSizes()
	if err != nil {
		return err
	}
	return rewrite(out, table, func(text string) string {
		at := strings.Index(text, sizesHeading)
		if at < 0 {
			text += sizesHeading + "\n"
			at = strings.Index(text, sizesHeading)
		}
		head, section := text[:at], text[at:]
		tail := ""
		if next := strings.Index(section[len(sizesHeading):], "\n## "); next >= 0 {
			section, tail = section[:len(sizesHeading)+next], section[len(sizesHeading)+next:]
		}
		if a := strings.Index(section, afterHeading); a >= 0 {
			section = section[:a]
		}
		return head + strings.TrimRight(section, "\n") + "\n" + table + tail
	})
}

// keptSections is what a full run keeps of out: the sections from the binary sizes on, which
// their own runs write.
func keptSections(out string) string {
	old, err := os.ReadFile(out)
	if err != nil {
		return ""
	}
	if at := strings.Index(string(old), sizesHeading); at >= 0 {
		return string(old[at:])
	}
	return ""
}

// rewrite prints section and, when out is named, writes out again as place makes it from its
// old text ("" when it does not exist yet).
func rewrite(out, section string, place func(old string) string) error {
	fmt.Print(section)
	if out == "" {
		return nil
	}
	old, err := os.ReadFile(out)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(out, []byte(place(string(old))), 0o644)
}
