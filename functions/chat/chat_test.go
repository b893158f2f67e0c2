package chat_test

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/apptest"
	domain "zuum/shared/chat"
	"zuum/shared/schema"
)

func TestSend_ReachesBothOpenTabsOfTheReceiverAndAcksTheSender(t *testing.T) {
	t.Parallel()
	_, ada, bola, roomID := twoInARoom(t)
	a, b1, b2 := open(t, ada, ""), open(t, bola, ""), open(t, bola, "")

	a.send(t, map[string]any{"action": "joinChat", "userId": ada.ID})
	a.expect(t, "joined")
	a.send(t, send(roomID, bola.ID, "  Ẹ káàbọ̀, see you at the studio \n", "c-1"))
	var ok ack
	a.expect(t, "ack").decode(t, &ok)
	if ok.ClientID != "c-1" || ok.ID == "" || ok.Error != "" {
		t.Fatalf("ack: %+v", ok)
	}
	for name, tb := range map[string]*tab{"sender": a, "receiver tab 1": b1, "receiver tab 2": b2} {
		var m message
		tb.expect(t, "receiveMessage").decode(t, &m)
		if m.ID != ok.ID || m.RoomID != roomID || m.SenderID != ada.ID || m.Content != "Ẹ káàbọ̀, see you at the studio" || m.ClientID != "c-1" {
			t.Fatalf("%s received %+v", name, m)
		}
		if _, err := time.Parse(time.RFC3339Nano, m.CreatedAt); err != nil {
			t.Fatalf("%s: created_at %q: %v", name, m.CreatedAt, err)
		}
	}
	for _, tb := range []*tab{a, b1, b2} { // the sender's first (see quiet)
		tb.quiet(t)
	}

	// Bola answers from the second tab: both see it, ada too, in the same room's history.
	b2.send(t, send(roomID, ada.ID, "On my way", "c-2"))
	b2.expect(t, "ack")
	for _, tb := range []*tab{a, b1, b2} {
		tb.expect(t, "receiveMessage")
	}
	got := history(t, b1, roomID, "")
	if len(got) != 2 || got[0].Content != "Ẹ káàbọ̀, see you at the studio" || got[1].Content != "On my way" || got[0].ID >= got[1].ID {
		t.Fatalf("history: %+v", got)
	}

	// The rooms list: bola has one unread (from ada), which markRead clears; ada has bola's.
	br := rooms(t, bola)
	if len(br) != 1 || br[0]["unread"] != float64(1) || br[0]["last_message"] != "On my way" || br[0]["recipient_id"] != ada.ID || br[0]["last_message_at"] == nil {
		t.Fatalf("bola's rooms: %+v", br)
	}
	b1.send(t, map[string]any{"action": "markRead", "roomId": roomID})
	b1.expect(t, "read")
	if br := rooms(t, bola); br[0]["unread"] != float64(0) {
		t.Fatalf("after markRead: %+v", br)
	}
	if ar := rooms(t, ada); ar[0]["unread"] != float64(1) {
		t.Fatalf("ada's rooms: %+v", ar)
	}
}

func TestThirdUser_CanNeitherJoinSendToNorFetchTheRoom(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola, cleo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola"), app.SignedIn(t, "cleo")
	roomID := room(t, ada, bola)
	a, b := open(t, ada, ""), open(t, bola, "")
	a.send(t, send(roomID, bola.ID, "private", "c-1"))
	a.expect(t, "ack")
	b.expect(t, "receiveMessage")
	a.expect(t, "receiveMessage")

	c := open(t, cleo, "")
	c.send(t, map[string]any{"action": "joinChat", "userId": ada.ID})
	var e errorData
	c.expect(t, "error").decode(t, &e)
	if e.Message != "You can only join your own chat" {
		t.Fatalf("join as another: %+v", e)
	}
	for _, receiver := range []string{bola.ID, ada.ID} {
		c.send(t, send(roomID, receiver, "let me in", "c-x"))
		var refused ack
		c.expect(t, "ack").decode(t, &refused)
		if refused.Error != "Room not found" || refused.ID != "" || refused.ClientID != "c-x" {
			t.Fatalf("send by a third user: %+v", refused)
		}
	}
	for _, f := range []map[string]any{{"action": "fetchMessages", "roomId": roomID}, {"action": "markRead", "roomId": roomID}} {
		c.send(t, f)
		c.expect(t, "error").decode(t, &e)
		if e.Message != "Room not found" {
			t.Fatalf("%v by a third user: %+v", f["action"], e)
		}
	}
	c.quiet(t) // no recentMessages, nothing of the room
	a.quiet(t)
	b.quiet(t)
	if got := history(t, a, roomID, ""); len(got) != 1 || got[0].Content != "private" {
		t.Fatalf("the room changed: %+v", got)
	}
	if cr := rooms(t, cleo); len(cr) != 0 {
		t.Fatalf("cleo's rooms: %+v", cr)
	}
}

func TestConnect_RefusesABadOrMissingTokenWith401(t *testing.T) {
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	token := ada.Token
	stranger := app.Client(t) // no cookie
	for name, query := range map[string]string{"missing": "", "malformed": "token=not-a-jwt", "forged": "token=" + token[:len(token)-4] + "AAAA"} {
		ws, res, err := stranger.Socket(context.Background(), query)
		if err == nil {
			_ = ws.CloseNow()
			t.Fatalf("%s token: connected", name)
		}
		if res == nil || res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("%s token: %v %v", name, res, err)
		}
	}
	// The token alone works (a client without the cookie), until the session ends.
	tb := open(t, person{Client: stranger, ID: ada.ID}, "token="+token)
	tb.send(t, map[string]any{"action": "joinChat", "userId": ada.ID})
	tb.expect(t, "joined")
	if r := ada.JSON("POST", "/api/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	if _, res, err := stranger.Socket(context.Background(), "token="+token); err == nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a logged-out token connected: %v", err)
	}
}

func TestBadFrames_GetAnErrorAndStoreNothing(t *testing.T) {
	t.Parallel()
	_, ada, bola, roomID := twoInARoom(t)
	a, b := open(t, ada, ""), open(t, bola, "")
	acks := []struct {
		name  string
		frame map[string]any
		want  string
	}{
		{"blank", send(roomID, bola.ID, " \n\t\u200b ", "c-1"), "Missing message data"},
		{"no room", send("", bola.ID, "hi", "c-2"), "Missing message data"},
		{"no receiver", send(roomID, "", "hi", "c-3"), "Missing message data"},
		{"content not text", map[string]any{"action": "sendMessage", "roomId": roomID, "receiverId": bola.ID, "content": 42, "clientId": "c-4"}, "Missing message data"},
		{"oversize", send(roomID, bola.ID, strings.Repeat("ọ̀", 2001), "c-5"), "Message is too long"},
		{"wrong receiver", send(roomID, ada.ID, "hi", "c-6"), "Receiver is not in this room"},
		{"clientId too long", send(roomID, bola.ID, "hi", strings.Repeat("x", 129)), "clientId is too long"},
		{"unknown room", send("not-a-room", bola.ID, "hi", "c-7"), "Room not found"},
	}
	for _, c := range acks {
		a.send(t, c.frame)
		var got ack
		a.expect(t, "ack").decode(t, &got)
		if got.Error != c.want || got.ID != "" || got.ClientID != c.frame["clientId"] {
			t.Fatalf("%s: ack %+v, want error %q", c.name, got, c.want)
		}
	}
	for name, raw := range map[string]string{
		"not json": "hello?", "no action": `{"content":"hi"}`, "unknown action": `{"action":"deleteEverything"}`,
		"action not text": `{"action":7}`, "a list": `[1,2]`,
	} {
		a.send(t, raw)
		var e errorData
		a.expect(t, "error").decode(t, &e)
		if e.Message != "Unknown or malformed frame" {
			t.Fatalf("%s: %+v", name, e)
		}
	}
	a.send(t, map[string]any{"action": "fetchMessages", "roomId": roomID, "before": "yesterday"})
	var e errorData
	a.expect(t, "error").decode(t, &e)
	if e.Message != "Invalid message id" {
		t.Fatalf("bad before: %+v", e)
	}
	a.quiet(t)
	b.quiet(t)
	// Still open, and nothing was stored: 2,000 characters is the most that is taken.
	if got := history(t, a, roomID, ""); len(got) != 0 {
		t.Fatalf("stored: %+v", got)
	}
	a.send(t, send(roomID, bola.ID, strings.Repeat("ọ̀", 2000), "c-8"))
	var fine ack
	a.expect(t, "ack").decode(t, &fine)
	if fine.Error != "" || fine.ID == "" {
		t.Fatalf("2000 characters: %+v", fine)
	}
}

func TestFetch_PagesOlderMessagesByBeforeInTimeOrder(t *testing.T) {
	t.Parallel()
	clock := apptest.NewClock(time.Now())
	app := apptest.StartAt(t, clock.Now, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	roomID := room(t, ada, bola)
	a := open(t, ada, "")
	const total = domain.PageSize + 7
	content := func(i int) string { return "m" + string(rune('A'+i%26)) + time.Duration(i).String() }
	for i := 0; i < total; {
		a.send(t, send(roomID, bola.ID, content(i), ""))
		var got ack
		a.expect(t, "ack").decode(t, &got)
		if got.Error == domain.MsgTooFast { // over the rate limit: move to the next window and send it again
			clock.Add(time.Duration(got.RetryAfter) * time.Second)
			continue
		}
		a.expect(t, "receiveMessage")
		i++
	}
	newest := history(t, a, roomID, "")
	if len(newest) != domain.PageSize || newest[len(newest)-1].Content != content(total-1) {
		t.Fatalf("newest page: %d messages, last %+v", len(newest), newest[len(newest)-1])
	}
	older := history(t, a, roomID, newest[0].ID)
	if len(older) != total-domain.PageSize || older[len(older)-1].ID >= newest[0].ID {
		t.Fatalf("older page: %d messages", len(older))
	}
	all := append(older, newest...)
	if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i].ID < all[j].ID }) {
		t.Fatal("pages are not in time order")
	}
	if got := history(t, a, roomID, older[0].ID); len(got) != 0 {
		t.Fatalf("before the first: %+v", got)
	}
}

// management is an SDK client of the edge's @connections API, as the chat Lambda builds it.
func management(app *apptest.App) *apigatewaymanagementapi.Client {
	return apigatewaymanagementapi.NewFromConfig(app.Cloud.Config, func(o *apigatewaymanagementapi.Options) {
		o.BaseEndpoint = aws.String(app.Cloud.URL + "/" + schema.ChatSocket.Stage)
	})
}

func connections(t *testing.T, app *apptest.App, user string) []string {
	t.Helper()
	ids, err := domain.NewConnections(dynamodb.NewFromConfig(app.Cloud.Config), schema.Connections.Name).Of(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestSendToAClosedConnection_RemovesIt(t *testing.T) {
	t.Parallel()
	app, ada, bola, roomID := twoInARoom(t)
	a, b := open(t, ada, ""), open(t, bola, "")
	// A connection whose $disconnect never came: its item is there, its socket is not.
	conns := domain.NewConnections(dynamodb.NewFromConfig(app.Cloud.Config), schema.Connections.Name)
	if err := conns.Add(context.Background(), "Z29uZS1jb25uZWN0aW9u=", domain.Owner{UserID: bola.ID}); err != nil {
		t.Fatal(err)
	}
	if got := connections(t, app, bola.ID); len(got) != 2 {
		t.Fatalf("bola's connections before: %v", got)
	}
	a.send(t, send(roomID, bola.ID, "anyone there?", "c-1"))
	a.expect(t, "ack")
	b.expect(t, "receiveMessage")
	// The live tab may get the message before the post to the gone one has been answered; the
	// socket hands ada's frames to the function one at a time, so once a fetch of hers is answered
	// the send has ended, the gone connection's removal included.
	history(t, a, roomID, "")
	if got := connections(t, app, bola.ID); len(got) != 1 || got[0] == "Z29uZS1jb25uZWN0aW9u=" {
		t.Fatalf("bola's connections after: %v", got)
	}
	if _, err := conns.Owner(context.Background(), "Z29uZS1jb25uZWN0aW9u="); !errors.Is(err, domain.ErrNotConnected) {
		t.Fatalf("the gone connection is still known: %v", err)
	}
}

func TestDisconnect_ForgetsTheConnectionAndManagementAPIClosesIt(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	first, second := open(t, ada, ""), open(t, ada, "")
	ids := connections(t, app, ada.ID)
	if len(ids) != 2 {
		t.Fatalf("connections: %v", ids)
	}
	api := management(app)
	ctx := context.Background()
	info, err := api.GetConnection(ctx, &apigatewaymanagementapi.GetConnectionInput{ConnectionId: &ids[0]})
	if err != nil || info.ConnectedAt == nil || info.Identity == nil || aws.ToString(info.Identity.SourceIp) != ada.IP {
		t.Fatalf("GetConnection: %+v %v", info, err)
	}
	for _, id := range ids {
		frame := `{"event":"joined","data":{"userId":"` + id + `"}}`
		if _, err := api.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: &id, Data: []byte(frame)}); err != nil {
			t.Fatalf("PostToConnection: %v", err)
		}
	}
	var got []string
	for _, tb := range []*tab{first, second} {
		var j struct{ UserID string }
		tb.expect(t, "joined").decode(t, &j)
		got = append(got, j.UserID)
	}
	sort.Strings(got)
	sort.Strings(ids)
	if strings.Join(got, " ") != strings.Join(ids, " ") {
		t.Fatalf("posted to %v, the tabs got %v", ids, got)
	}
	for _, id := range ids {
		if _, err := api.DeleteConnection(ctx, &apigatewaymanagementapi.DeleteConnectionInput{ConnectionId: &id}); err != nil {
			t.Fatalf("DeleteConnection: %v", err)
		}
	}
	for _, tb := range []*tab{first, second} {
		select {
		case <-tb.closed:
		case <-time.After(5 * time.Second):
			t.Fatal("the socket stayed open")
		}
	}
	drained, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := app.Chat.Drained(drained); err != nil {
		t.Fatalf("the $disconnect events were not handled: %v", err)
	}
	if got := connections(t, app, ada.ID); len(got) > 0 {
		t.Fatalf("$disconnect did not remove the connections: %v", got)
	}
	_, err = api.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: &ids[0], Data: []byte(`{}`)})
	var gone *types.GoneException
	if !errors.As(err, &gone) {
		t.Fatalf("post to a closed connection: %v", err)
	}
}

func TestManagementAPI_RefusesAWrongSignature(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	open(t, ada, "")
	id := connections(t, app, ada.ID)[0]
	cfg := app.Cloud.Config.Copy()
	cfg.Credentials = aws.NewCredentialsCache(aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: "test", SecretAccessKey: "wrong"}, nil
	}))
	api := apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
		o.BaseEndpoint = aws.String(app.Cloud.URL + "/" + schema.ChatSocket.Stage)
	})
	_, err := api.PostToConnection(context.Background(), &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: &id, Data: []byte(`{}`)})
	var forbidden *types.ForbiddenException
	if !errors.As(err, &forbidden) {
		t.Fatalf("a wrongly signed post: %v", err)
	}
}

func TestDeactivation_StopsAnOpenSocketAtOnceAndRefusesReconnecting(t *testing.T) {
	t.Parallel()
	app, ada, bola, roomID := twoInARoom(t)
	a := open(t, ada, "")
	a.send(t, map[string]any{"action": "joinChat", "userId": ada.ID})
	a.expect(t, "joined")

	admin := app.BootstrapAdmin(t)
	if r := admin.JSON("POST", "/api/admin/auth/deactivate", map[string]string{"userId": ada.ID}); r.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	// The socket ada opened before: its next frame is refused and its connection forgotten.
	a.sendRefused(t, send(roomID, bola.ID, "still here?", "c-1"), "a deactivated user's frame")
	if got := connections(t, app, ada.ID); len(got) != 0 {
		t.Fatalf("connections kept: %v", got)
	}
	if _, res, err := ada.Socket(context.Background(), ""); err == nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a deactivated user connected: %v", err)
	}
	// Nothing was stored.
	b := open(t, bola, "")
	if got := history(t, b, roomID, ""); len(got) != 0 {
		t.Fatalf("history: %+v", got)
	}
}
