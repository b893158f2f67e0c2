package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/sync/errgroup"

	"zuum/shared/schema"
)

// chatRooms is how many rooms send at once in the chat run (-chat-rooms).
var chatRooms = 200

// chatRounds is how many times every room sends, all rooms at once each time.
const chatRounds = 5

// chatPeer is one member of a bench room with its open socket.
type chatPeer struct {
	id, token string
	ws        *websocket.Conn
}

// benchChat measures the chat socket: rooms pairs of users, each member with an open WebSocket
// through the local WebSocket API (the chat Lambda, DynamoDB on the edge, every frame posted
// through the edge's SigV4 @connections API). In each round the first k rooms' first members
// send one message at the same moment, for k = 1, 20 and rooms; the latency is from writing the
// frame to the other member's socket reading its receiveMessage, and to the sender reading its
// ack.
func benchChat(ctx context.Context, rooms int) (string, error) {
	// Sign-ups are not what is measured here: hash passwords at the minimum cost.
	c, err := newCloudWith(ctx, map[string]string{"BCRYPT_COST": "4"})
	if err != nil {
		return "", err
	}
	defer c.close()
	srv := httptest.NewServer(c.chat)
	defer srv.Close()
	senders, receivers := make([]chatPeer, rooms), make([]chatPeer, rooms)
	defer func() { // close every socket, then wait for their $disconnect before the edge stops
		for _, p := range append(senders, receivers...) {
			if p.ws != nil {
				_ = p.ws.CloseNow()
			}
		}
		c.chat.CloseAll()
	}()
	wsURL := "ws" + strings.TrimPrefix(srv.URL, "http") + schema.ChatSocket.Path

	roomIDs := make([]string, rooms)
	for i := range rooms {
		for _, p := range []*chatPeer{&senders[i], &receivers[i]} {
			name := fmt.Sprintf("chat%03d%s", i, map[bool]string{true: "a", false: "b"}[p == &senders[i]])
			if p.token, p.id, err = signUp(c.call, c.edge, name); err != nil {
				return "", err
			}
		}
		if s, body := c.call("POST", "/api/user/follow", senders[i].token, map[string]any{"profileId": receivers[i].id, "follow": true}); s != 200 {
			return "", fmt.Errorf("chat: follow: %d %v", s, body)
		}
		s, body := c.call("POST", "/api/user/get-room-id", senders[i].token, map[string]any{"profileId_1": senders[i].id, "profileId_2": receivers[i].id})
		if s != 200 {
			return "", fmt.Errorf("chat: get-room-id: %d %v", s, body)
		}
		roomIDs[i], _ = body["room_id"].(string)
	}
	connectStart := time.Now()
	for i := range rooms {
		for _, p := range []*chatPeer{&senders[i], &receivers[i]} {
			ws, _, err := websocket.Dial(ctx, wsURL+"?token="+p.token, nil)
			if err != nil {
				return "", fmt.Errorf("chat: connect: %w", err)
			}
			p.ws = ws
		}
	}
	connectEach := time.Since(connectStart) / time.Duration(2*rooms)

	var (
		mu     sync.Mutex
		sentAt = map[string]time.Time{}
	)
	// note records the frame's arrival against its clientId's send time.
	note := func(into *[]time.Duration, clientID string) {
		now := time.Now()
		mu.Lock()
		defer mu.Unlock()
		if at, ok := sentAt[clientID]; ok {
			*into = append(*into, now.Sub(at))
		}
	}
	// read reads frames on ws until it has one of each event in want, noting each against
	// its clientId (a sender gets its ack and its own receiveMessage, in either order).
	read := func(ctx context.Context, ws *websocket.Conn, want map[string]*[]time.Duration) error {
		for len(want) > 0 {
			_, data, err := ws.Read(ctx)
			if err != nil {
				return fmt.Errorf("chat: waiting for %d frames: %w", len(want), err)
			}
			var f struct {
				Event string `json:"event"`
				Data  struct {
					ClientID string `json:"clientId"`
					Error    string `json:"error"`
				} `json:"data"`
			}
			if json.Unmarshal(data, &f) != nil || f.Data.Error != "" || f.Event == "error" {
				return fmt.Errorf("chat: unexpected frame %s", data)
			}
			if into, ok := want[f.Event]; ok {
				note(into, f.Data.ClientID)
				delete(want, f.Event)
			}
		}
		return nil
	}
	// burst runs chatRounds rounds in which the first k rooms each send one message at the same
	// moment, and returns the latencies it measured.
	burst := func(k int) (received, acked []time.Duration, elapsed time.Duration, err error) {
		start := time.Now()
		for round := range chatRounds {
			rctx, cancel := context.WithTimeout(ctx, 60*time.Second)
			g, gctx := errgroup.WithContext(rctx)
			ready := make(chan struct{})
			for i := range k {
				var echoed []time.Duration // the sender's own receiveMessage, not measured
				g.Go(func() error {
					return read(gctx, receivers[i].ws, map[string]*[]time.Duration{"receiveMessage": &received})
				})
				g.Go(func() error {
					return read(gctx, senders[i].ws, map[string]*[]time.Duration{"ack": &acked, "receiveMessage": &echoed})
				})
				g.Go(func() error {
					clientID := fmt.Sprintf("k%d-r%d-m%d", k, i, round)
					frame, _ := json.Marshal(map[string]string{"action": "sendMessage", "roomId": roomIDs[i],
						"receiverId": receivers[i].id, "content": "Round " + fmt.Sprint(round) + " from room " + fmt.Sprint(i), "clientId": clientID})
					<-ready
					mu.Lock()
					sentAt[clientID] = time.Now()
					mu.Unlock()
					return senders[i].ws.Write(gctx, websocket.MessageText, frame)
				})
			}
			close(ready)
			err := g.Wait()
			cancel()
			if err != nil {
				return nil, nil, 0, err
			}
		}
		if len(received) != k*chatRounds || len(acked) != k*chatRounds {
			return nil, nil, 0, fmt.Errorf("chat: %d messages sent, %d received, %d acknowledged", k*chatRounds, len(received), len(acked))
		}
		return received, acked, time.Since(start), nil
	}
	pct := func(lat []time.Duration, p int) time.Duration {
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		return lat[min(len(lat)*p/100, len(lat)-1)].Round(10 * time.Microsecond)
	}
	var b strings.Builder
	fmt.Fprintf(&b, chatHeading+"\n%d rooms, each with both members connected through the local WebSocket API (API Gateway's "+
		"WebSocket events) at /ws. In each run, %d rounds in which the first k rooms' first members each send one message at the "+
		"same moment; latency runs from writing the sendMessage frame to reading the frame on the other side. The chat Lambda "+
		"stores the message and posts every frame through the edge's SigV4 @connections API, as in AWS. Opening a socket "+
		"($connect: session check, connection items) took %s on average.\n\n", rooms, chatRounds, connectEach.Round(10*time.Microsecond))
	b.WriteString("| rooms sending at once | messages | took | send → receiveMessage p50 | p99 | max | send → ack p50 | p99 | CPU per message |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var calls map[string]int
	for _, k := range []int{1, min(20, rooms), rooms} {
		c.api.take()
		cpu := cpuTime()
		received, acked, elapsed, err := burst(k)
		if err != nil {
			return "", err
		}
		perMessage := (cpuTime() - cpu) / time.Duration(k*chatRounds)
		calls = c.api.take()
		for key := range calls {
			calls[key] = calls[key] * 10 / (k * chatRounds) // tenths of a call per message
		}
		fmt.Fprintf(&b, "| %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", k, len(received), elapsed.Round(time.Millisecond),
			pct(received, 50), pct(received, 99), pct(received, 100), pct(acked, 50), pct(acked, 99), perMessage.Round(10*time.Microsecond))
		if k == rooms {
			break
		}
	}
	var keys []string
	for k, v := range calls {
		keys = append(keys, fmt.Sprintf("%s ×%.1f", k, float64(v)/10))
	}
	sort.Strings(keys)
	fmt.Fprintf(&b, "\nAWS calls per message: %s. CPU per message is this process's CPU time (clients, local gateway, chat "+
		"Lambda, SDK, edge and its DynamoDB, all in one process) divided by the messages: a burst of k messages needs k times "+
		"that of CPU before its last message can arrive, so with %d rooms at once the p99 is bounded below by that, divided by "+
		"the cores the process gets. The goal is a p99 under 50 ms locally with %d rooms sending at once. %s\n",
		strings.Join(keys, ", "), rooms, rooms, machineLoad())
	return b.String(), nil
}

// machineLoad says how busy the machine was (Linux's one-minute load average), since every
// local latency is this machine's: other work on the same cores stretches them.
func machineLoad() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	load, _, _ := strings.Cut(string(raw), " ")
	return fmt.Sprintf("The machine's load average was %s on %d CPUs when the run ended.", load, runtime.NumCPU())
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// chatHeading starts the chat section of the results.
const chatHeading = "\n## Chat socket\n"

// runChatOnly runs the chat latency run alone and puts its section into out in place of the old
// one (before the store stress section), keeping the rest.
func runChatOnly(out string, rooms int) error {
	section, err := benchChat(context.Background(), rooms)
	if err != nil {
		return err
	}
	return rewrite(out, section, func(old string) string {
		before, rest, _ := strings.Cut(old, stressHeading)
		if rest != "" || strings.Contains(old, stressHeading) {
			rest = stressHeading + rest
		}
		before, _, _ = strings.Cut(before, chatHeading)
		return before + section + rest
	})
}
