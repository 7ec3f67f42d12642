// gardenkit-widget-models: a plugin of gardenkit's Voilà pages (gardenkit/server/launch.py puts this folder
// on Voilà's extra_labextensions_path). Written by hand as a federated extension container (what
// Voilà's page loads for every extension: window._JUPYTERLAB[name] with init and get), so it needs
// no build step.
//
// What it fixes (issue 22, docs/hosting.md): a dashboard page asks its kernel for every widget's
// state at once while Voilà already renders the outputs. A renderer whose model is not there yet
// calls the widget manager's get_model, which (ipywidgets 8.1.9) looks for the model every 100 ms
// for 2 s and then throws "widget model not found" without looking once more after its last wait.
// On a busy machine the states' reply (Tang Garden: 157 models, 4.9 MB) is parsed and its models
// registered in one long task of the page; a renderer whose 2 s end during that task throws although
// its model is now registered, and because the manager has finished restoring by then, the renderer
// shows "Error displaying widget: model not found" for good. Here the page's manager looks once more
// when get_model gives up: a model registered meanwhile is returned. A model that is really missing
// still fails as before (and a renderer whose manager has not restored yet still waits for it).
(function () {
  "use strict";
  var NAME = "gardenkit-widget-models";

  function lookAgain(manager) {
    if (!manager || manager.__gardenkitLookAgain || typeof manager.get_model !== "function") return;
    var getModel = manager.get_model;
    manager.__gardenkitLookAgain = true;
    manager.get_model = function (modelId) {
      var self = this;
      return getModel.call(self, modelId).catch(function (err) {
        var late = self._models ? self._models[modelId] : undefined;
        if (late !== undefined) return late;
        throw err;
      });
    };
  }

  var plugin = {
    id: NAME + ":look-again",
    description: "A widget model registered while get_model waited is found (issue 22).",
    autoStart: true,
    activate: function (app) {
      // Voilà's app resolves this once its widget manager exists, before any output is rendered
      // (outputs are rendered when the app has started, after every plugin's activation)
      var pending = app.widgetManagerPromise;
      if (pending && pending.promise) {
        pending.promise.then(lookAgain);
      } else if (app.widgetManager) {
        lookAgain(app.widgetManager);
      }
    },
  };

  var modules = {
    "./extension": function () {
      return Promise.resolve(function () {
        return { __esModule: true, default: [plugin] };
      });
    },
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: function () {},
    get: function (module) {
      var make = modules[module];
      return make ? make() : Promise.reject(new Error(NAME + " has no module " + module));
    },
  };
})();
