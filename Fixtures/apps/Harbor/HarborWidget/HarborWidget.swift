import SwiftUI
import WidgetKit

@main
struct HarborWidgetBundle: WidgetBundle {
    var body: some Widget {
        TideWidget()
    }
}

struct TideWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tide", provider: TideProvider()) { entry in
            Text(entry.date, style: .time)
                .widgetURL(URL(string: "harbor://tides"))
        }
    }
}
