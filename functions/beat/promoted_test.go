package beat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/shared/post"
	"zuum/shared/schema"
)

// A promoted beat takes the audio tab's promoted slot, labelled, and its plays count.
func TestPromotedBeat_ServedInTheAudioTabAndItsPlaysCounted(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada, bola := w.user("ada_p"), w.user("bola_p")
	promoted := w.beat(ada, "promoted beat", nil)["id"].(string)
	for i := 1; i <= 4; i++ {
		w.beat(ada, fmt.Sprintf("beat %d", i), nil)
	}
	s := post.NewStore(post.Config{DB: w.app.Cloud.DynamoDB, Table: schema.Posts.Name, Users: schema.Users.Name})
	items, err := s.PromoteItems(promoted, ada.ID, "prom-b", time.Now().Add(-time.Minute), time.Now().Add(time.Hour))
	if err == nil {
		_, err = w.app.Cloud.DynamoDB.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{TransactItems: items})
	}
	if err != nil {
		t.Fatal(err)
	}
	r := bola.JSON("GET", "/api/feed?tab=audio&limit=4", nil)
	posts, _ := r.Body["posts"].([]any)
	if r.Status != http.StatusOK || len(posts) != 5 {
		t.Fatalf("feed: %d %s", r.Status, r.Raw)
	}
	if p := posts[4].(map[string]any); p["id"] != promoted || p["is_promoted"] != true || p["kind"] != "beat" {
		t.Errorf("slot 5: %v", p)
	}
	if r := bola.JSON("POST", "/api/beat/"+promoted+"/play", nil); r.Status != http.StatusNoContent {
		t.Fatalf("play: %d %s", r.Status, r.Raw)
	}
	r = bola.JSON("GET", "/api/beat/"+promoted, nil)
	if p := r.Body["post"].(map[string]any); p["plays_count"] != 1.0 || p["is_promoted"] != true {
		t.Errorf("beat: %v plays, promoted %v", p["plays_count"], p["is_promoted"])
	}
	stats, err := s.PromotionStats(context.Background(), []string{"prom-b"})
	if err != nil || stats["prom-b"] != (post.PromotionStats{Impressions: 1, Plays: 1}) {
		t.Errorf("stats %+v %v", stats, err)
	}
}
