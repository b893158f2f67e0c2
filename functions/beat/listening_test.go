package beat_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zuum/shared/money"
)

// A buyer, who alone besides the owner is given the full audio, is given its listening copies
// with it; everyone else is given the preview's on the beat.
func TestPurchase_TheBuyerGetsTheFullAudiosListeningCopies(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 100*money.Naira)
	beat := w.beat(kel, "Afro drill", map[string]any{"amount": 20})
	id := beat["id"].(string)
	w.app.NoFailedEvents(t) // the copies are made
	w.bought(ada, id, 20)
	mine := ada.JSON("GET", "/api/beat/"+id+"/purchase", nil)
	bought, _ := mine.Body["purchase"].(map[string]any)
	if mine.Status != http.StatusOK || bought == nil {
		t.Fatalf("the buyer's purchase: %d %s", mine.Status, mine.Raw)
	}
	full, preview := copies(t, bought), copies(t, ada.JSON("GET", "/api/beat/"+id, nil).Body["post"].(map[string]any))
	for _, kbps := range []string{"64", "128"} {
		if !strings.Contains(full[kbps], ".a"+kbps+".m4a") || full[kbps] == preview[kbps] || preview[kbps] == "" {
			t.Errorf("%s kbit/s: the purchase's %q, the beat's (the preview's) %q", kbps, full[kbps], preview[kbps])
		}
	}
}

// copies are an answer's audio_renditions by bitrate.
func copies(t *testing.T, answer map[string]any) map[string]string {
	t.Helper()
	out := map[string]string{}
	list, _ := answer["audio_renditions"].([]any)
	for _, r := range list {
		r := r.(map[string]any)
		out[fmt.Sprint(r["kbps"])] = r["url"].(string)
	}
	return out
}
