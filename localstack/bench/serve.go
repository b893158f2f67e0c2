package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// serveBench is the short mode (make bench-short): requests per second a running local cloud
// serves over a few connections, as autocannon measures them, to the static landing page, the
// feed and a profile, signed in as a demo listener, and the cloud's CPU time per request.
type serveBench struct {
	base  string        // the local cloud's site, http://127.0.0.1:port
	pid   int           // its process, whose CPU time is read from /proc (0: not measured)
	conns int           // connections sending at once
	each  time.Duration // how long each request is sent
}

// demoListener is the seeded listener the short mode signs in as (localstack/seed).
const (
	demoListenerEmail    = "chioma@demo.zuum.ng"
	demoListenerPassword = "zuumdemo123"
)

// servedRow is one request's run.
type servedRow struct {
	name          string
	requests      int
	took          time.Duration
	p50, p99      time.Duration
	answers       map[int]int
	cpuPerRequest time.Duration // the cloud's CPU time over the run per request; 0 when not measured
}

// runServe signs in, sends each request for b.each over b.conns connections and prints the table.
func runServe(b serveBench) error {
	token, err := b.signIn()
	if err != nil {
		return err
	}
	// No Accept-Encoding, as autocannon sends none: answers come uncompressed.
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: b.conns, MaxConnsPerHost: b.conns, DisableCompression: true}}
	var rows []servedRow
	for _, r := range []struct{ name, path, token string }{
		{"GET / (the static landing page)", "/", ""},
		{"GET /api/feed?tab=audio (signed in)", "/api/feed?tab=audio", token},
		{"GET /api/user/profile (signed in)", "/api/user/profile", token},
	} {
		row, err := b.load(client, r.name, r.path, r.token)
		if err != nil {
			return err
		}
		rows = append(rows, row)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "Measured by `make bench-short` on %s against a local cloud (%s) of the seed data, signed in as %s: each request sent for %s over %d connections, each sending its next request when its last answer has been read (no Accept-Encoding, as autocannon), after 20 warm-up requests. CPU per request is the local cloud's process CPU time (user and system, from /proc) over the run divided by the requests. %s\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), b.base, demoListenerEmail, b.each, b.conns, machineLoad())
	out.WriteString("| request | requests | req/s | p50 | p99 | answers | CPU per request |\n|---|---:|---:|---:|---:|---|---:|\n")
	for _, r := range rows {
		cpu := ""
		if r.cpuPerRequest > 0 {
			cpu = r.cpuPerRequest.Round(time.Microsecond).String()
		}
		fmt.Fprintf(&out, "| %s | %d | %.0f | %s | %s | %s | %s |\n", r.name, r.requests, float64(r.requests)/r.took.Seconds(),
			r.p50.Round(10*time.Microsecond), r.p99.Round(10*time.Microsecond), countsText(r.answers), cpu)
	}
	fmt.Print(out.String())
	return nil
}

// countsText writes counts as "key ×n", by key, comma separated.
func countsText[K cmp.Ordered](counts map[K]int) string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		out = append(out, fmt.Sprintf("%v ×%d", k, counts[k]))
	}
	return strings.Join(out, ", ")
}

// signIn logs the demo listener in and returns its session token.
func (b serveBench) signIn() (string, error) {
	body, _ := json.Marshal(map[string]string{"email": demoListenerEmail, "password": demoListenerPassword})
	res, err := http.Post(b.base+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var login struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&login); err != nil || res.StatusCode != http.StatusOK || login.Token == "" {
		return "", fmt.Errorf("login as %s: %d %v", demoListenerEmail, res.StatusCode, err)
	}
	return login.Token, nil
}

// load sends GET path for b.each from b.conns connections at once and measures it.
func (b serveBench) load(client *http.Client, name, path, token string) (servedRow, error) {
	get := func() (int, error) {
		req, _ := http.NewRequest(http.MethodGet, b.base+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		_, err = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		return res.StatusCode, err
	}
	for range 20 {
		if status, err := get(); err != nil || status != http.StatusOK {
			return servedRow{}, fmt.Errorf("warm-up %s: %d %v", path, status, err)
		}
	}
	var (
		mu      sync.Mutex
		lat     []time.Duration
		answers = map[int]int{}
		errs    []error
		wg      sync.WaitGroup
	)
	cpuBefore, err := processCPU(b.pid)
	if err != nil {
		return servedRow{}, err
	}
	start := time.Now()
	until := start.Add(b.each)
	for range b.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(until) {
				t := time.Now()
				status, err := get()
				d := time.Since(t)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					lat = append(lat, d)
					answers[status]++
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	cpuAfter, err := processCPU(b.pid)
	if err != nil || len(errs) > 0 || len(lat) == 0 {
		return servedRow{}, errors.Join(append(errs, err, fmt.Errorf("%s: %d answers", path, len(lat)))...)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	row := servedRow{name: name, requests: len(lat), took: took, p50: lat[len(lat)/2], p99: lat[len(lat)*99/100], answers: answers}
	if b.pid > 0 {
		row.cpuPerRequest = (cpuAfter - cpuBefore) / time.Duration(len(lat))
	}
	return row, nil
}

// clockTicks is Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times.
const clockTicks = 100

// processCPU is the CPU time process pid has used, user and system (0 for pid 0).
func processCPU(pid int) (time.Duration, error) {
	if pid == 0 {
		return 0, nil
	}
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("the local cloud's CPU time: %w", err)
	}
	// The fields after the command's name (in parentheses, which may hold spaces): utime and stime
	// are the 14th and 15th of the line, the 12th and 13th after the name.
	_, rest, ok := strings.Cut(string(raw), ") ")
	fields := strings.Fields(rest)
	if !ok || len(fields) < 13 {
		return 0, fmt.Errorf("the local cloud's CPU time: unexpected /proc/%d/stat", pid)
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}
